// Runs before every `npm` script that starts TypeScript: Node older than 22.12 cannot load .ts files
// (ERR_UNKNOWN_FILE_EXTENSION), so say which Node is needed and the one command that installs it.
// Plain CommonJS with no syntax newer than Node 10, so that any Node can run it.
'use strict';

var required = [22, 12];
var parts = process.versions.node.split('.').map(Number);
var ok = parts[0] > required[0] || (parts[0] === required[0] && parts[1] >= required[1]);

if (!ok) {
  process.stderr.write(
    'This project needs Node.js ' +
      required.join('.') +
      ' or newer (24 recommended); this is Node ' +
      process.versions.node +
      ' (' +
      process.execPath +
      ').\n' +
      'Run `bash scripts/setup.sh start`: it installs Node 24 into ~/.cache/node24 when needed, then\n' +
      'installs, seeds, builds and serves the site. Or put Node 24 first on PATH and run npm again.\n',
  );
  process.exit(1);
}
