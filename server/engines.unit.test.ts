import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');

/** Every installed package's package.json, nested node_modules included. */
function installedPackages(dir: string): { name: string; version: string; engines?: { node?: string } }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((entry) => {
    if (entry.startsWith('.')) return [];
    const at = path.join(dir, entry);
    if (entry.startsWith('@')) return installedPackages(at);
    const manifest = path.join(at, 'package.json');
    if (!fs.existsSync(manifest)) return [];
    return [JSON.parse(fs.readFileSync(manifest, 'utf8')), ...installedPackages(path.join(at, 'node_modules'))];
  });
}

describe('installed packages', () => {
  // The product runs on Node 20: a dependency that needs Node 22 must be pinned (package.json overrides).
  it('all support the Node version the project declares', () => {
    const declared = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
    const oldestSupported = semver.minVersion(declared)!.version;
    const unsupported = installedPackages(path.join(root, 'node_modules'))
      .filter((pkg) => pkg.engines?.node && !semver.satisfies(oldestSupported, pkg.engines.node))
      .map((pkg) => `${pkg.name}@${pkg.version} needs node ${pkg.engines!.node}`);
    expect(unsupported).toEqual([]);
  });
});
