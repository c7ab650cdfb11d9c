import { fuzzPart } from './fuzz';

fuzzPart(1, 3);
