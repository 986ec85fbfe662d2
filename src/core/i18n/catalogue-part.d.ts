/**
 * `import * as en from './en.json?part.json'`: a catalogue as a module instance of its own,
 * so that the bundler keeps only the top-level keys named there (`en.notFound`) and puts
 * them in the importer's chunk, whichever chunk the plain `en.json` (and the rest of the
 * texts) lands in. The query ends in `.json` so that the bundler still reads it as JSON.
 * One importer per catalogue: two would share the instance and its chunk.
 */
declare module '*.json?part.json' {
  const part: { readonly [key: string]: object };
  export = part;
}
