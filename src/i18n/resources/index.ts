/**
 * The labels of the declared resources (src/domain/resources), one file per resource and language,
 * `<name>.ko.ts` and `<name>.en.ts`, each default-exporting `{ <name>: { ... } }`. They are picked
 * up by file name, so a new resource's labels are its two files and no list names them. The English
 * ones are in english.ts, so the Korean first load does not carry them (issue 24).
 */
export const merged = (modules: Record<string, object>): Record<string, object> => Object.assign({}, ...Object.values(modules));

export const declaredResourcesKo = merged(import.meta.glob<object>('./*.ko.ts', { eager: true, import: 'default' }));
