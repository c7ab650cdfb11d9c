import { fuzzPart } from './fuzz';

fuzzPart(3, 3);
