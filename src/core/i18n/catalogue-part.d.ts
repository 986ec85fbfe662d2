/**
 * `import * as en from './en.json?notFound.part.json'`: a catalogue as a module instance of
 * its own (one per query), so that the bundler keeps only the top-level keys named there
 * (`en.notFound`) and puts them in the importer's chunk, whichever chunk the plain
 * `en.json` (and the rest of the texts) lands in. The query names the part and ends in
 * `.json`, so that the bundler still reads it as JSON; one query per part and importer
 * (two importers of one query would share the instance and its chunk).
 */
declare module '*.part.json' {
  const part: { readonly [key: string]: object };
  export = part;
}
