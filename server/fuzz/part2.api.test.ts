import { fuzzPart } from './fuzz';

fuzzPart(2, 3);
