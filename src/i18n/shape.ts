/** The English catalogue of an area has the Korean one's keys, each a string. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
