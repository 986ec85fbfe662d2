// Every npm script runs through this guard first: the project's tools need Node 24
// (the `node@24` devDependency puts it first on PATH for npm scripts). Vitest 5 and
// node:sqlite misbehave on older Nodes in confusing ways, so fail loudly instead.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `\n[vigil] This project's scripts need Node 24, but they are running on Node ${process.version}.\n` +
      `        Run them through npm (npm test, npm start) after a full 'npm ci' so that the\n` +
      `        'node' devDependency provides node_modules/.bin/node (v24).\n` +
      `        If you installed with --ignore-scripts, run 'npm rebuild node' to fetch it.\n`,
  );
  process.exit(1);
}
