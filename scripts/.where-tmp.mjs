import ts from 'typescript';
import { join } from 'node:path';
const ROOT = process.cwd();
const pkg = process.argv[2];
const used = JSON.parse(process.argv[3] ?? '{}');
const program = ts.createProgram([join(ROOT, 'packages', pkg, 'src', 'index.ts')], {
  target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['@basket/source'], allowImportingTsExtensions: true, resolveJsonModule: true, noEmit: true, skipLibCheck: true, strict: true });
const checker = program.getTypeChecker();
const sf = program.getSourceFile(join(ROOT, 'packages', pkg, 'src', 'index.ts'));
for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(sf))) {
  const real = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
  const d = real.declarations?.[0];
  const file = d ? d.getSourceFile().fileName.replace(join(ROOT, 'packages', pkg, 'src') + '/', '') : '?';
  const kinds = [];
  if (real.flags & ts.SymbolFlags.Value) kinds.push('v');
  if (real.flags & ts.SymbolFlags.Type) kinds.push('t');
  console.log(`${file}\t${s.name}\t${kinds.join('')}`);
}
