'use strict';
// Runs the server's bundle (apps/server/dist/server.cjs, made by scripts/start.mjs) with V8's code cache, which
// Node 20 has no switch for (`module.enableCompileCache` came with Node 22): the bundle is compiled from the cache
// a previous run left beside it, and a run without a usable cache leaves one a second after the server listens (main.ts
// emits 'backoffice:listening'), holding what the start compiled and no more (V8 reads all of a cache in before the bundle runs).
// The cache starts with the build id that scripts/start.mjs gives each bundle on its last line (V8 itself checks
// only the source's length); a cache that V8 refuses (another node, other flags) is replaced. Stack traces point
// into the TypeScript sources through the bundle's source map, read on the first trace that passes through the
// bundle (node's --enable-source-maps read it on every start and does not see code compiled this way).
const { readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join, resolve } = require('node:path');
const vm = require('node:vm');

const bundle = resolve(__dirname, '../apps/server/dist/server.cjs');
const cacheFile = `${bundle}.cache`;
/** Which build of the bundle a cache was made from: its last line, `// build <id>`. */
const BUILD_LINE = '\n// build ';

const source = readFileSync(bundle, 'utf8');
const buildAt = source.lastIndexOf(BUILD_LINE);
const build = buildAt < 0 ? null : Buffer.from(source.slice(buildAt).trim());
let cached;
try {
  const file = build && readFileSync(cacheFile);
  if (file?.subarray(0, build.length).equals(build)) cached = file.subarray(build.length);
} catch {
  // no cache yet
}
const wrapped = Module.wrap(source);
const script = new vm.Script(wrapped, { filename: bundle, cachedData: cached });
if (build && (!cached || script.cachedDataRejected)) {
  // A second after the port opens, so that the first requests are answered first and their code is cached too.
  const keep = () => {
    const temporary = `${cacheFile}.${process.pid}`;
    try {
      writeFileSync(temporary, Buffer.concat([build, script.createCachedData()]));
      renameSync(temporary, cacheFile);
    } catch {
      rmSync(temporary, { force: true });
    }
  };
  process.once('backoffice:listening', () => setTimeout(keep, 1000).unref());
}

/** The bundle's source map, read on first use; the wrapper that Module.wrap puts before line 1 is not in it. */
let sourceMap;
const wrapperColumns = wrapped.indexOf(source.slice(0, 64));
function original(line, column) {
  if (sourceMap === undefined) {
    try {
      sourceMap = new Module.SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
    } catch {
      sourceMap = null;
    }
  }
  if (!sourceMap) return null;
  const entry = sourceMap.findEntry(line - 1, line === 1 ? column - 1 - wrapperColumns : column - 1);
  if (!entry?.originalSource) return null;
  return `${resolve(dirname(bundle), entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
}
Error.prepareStackTrace = (error, sites) => {
  let head;
  try {
    head = Error.prototype.toString.call(error);
  } catch {
    head = '<error>';
  }
  const frames = sites.map((site) => {
    let frame = site.toString();
    if (site.getFileName() === bundle) {
      const at = `${bundle}:${site.getLineNumber()}:${site.getColumnNumber()}`;
      const mapped = original(site.getLineNumber(), site.getColumnNumber());
      if (mapped) frame = frame.replace(at, mapped);
    }
    return `\n    at ${frame}`;
  });
  return head + frames.join('');
};

const main = new Module(bundle, module);
main.filename = bundle;
main.paths = Module._nodeModulePaths(dirname(bundle));
script
  .runInThisContext()
  .call(main.exports, main.exports, Module.createRequire(bundle), main, bundle, join(bundle, '..'));
