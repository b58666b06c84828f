// Lists exports that no other file imports (run: npx tsx scripts/unused-exports.ts). "dead" names appear nowhere else
// in their own file either; "local" ones are used inside their module only, so their `export` could go.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')
const files = new Set<string>()
for (const config of ['tsconfig.json', 'sw/tsconfig.json']) {
  const file = path.join(root, config)
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(file, ts.sys.readFile).config, ts.sys, path.dirname(file))
  for (const name of parsed.fileNames) files.add(name)
}
const options: ts.CompilerOptions = {
  allowImportingTsExtensions: true,
  noEmit: true,
  jsx: ts.JsxEmit.ReactJSX,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
}
const program = ts.createProgram([...files], options)
const checker = program.getTypeChecker()
/** `file#name` of every imported or re-exported name; `file#*` for namespace imports, side effects and import(). */
const used = new Set<string>()

function resolve(specifier: string, from: string): string | undefined {
  return ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule?.resolvedFileName
}

function noteUses(source: ts.SourceFile, node: ts.Node): void {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
    const target = resolve(node.moduleSpecifier.text, source.fileName)
    const names = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause
    if (target && ts.isImportDeclaration(node) && node.importClause?.name) used.add(`${target}#default`)
    if (target && names && (ts.isNamedImports(names) || ts.isNamedExports(names))) {
      for (const element of names.elements) used.add(`${target}#${(element.propertyName ?? element.name).text}`)
    } else if (target && !(ts.isImportDeclaration(node) && node.importClause && !names)) used.add(`${target}#*`)
  }
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [argument] = node.arguments
    const target = argument && ts.isStringLiteral(argument) ? resolve(argument.text, source.fileName) : undefined
    if (target) used.add(`${target}#*`)
  }
  ts.forEachChild(node, (child) => noteUses(source, child))
}

const ours = program.getSourceFiles().filter((source) => !source.fileName.includes('node_modules'))
for (const source of ours) noteUses(source, source)

const isEntry = (file: string) => /\.(test|e2e)\.tsx?$|\.config\.ts$|routeTree\.gen\.ts$|^(tests|bench|scripts)\/|^sw\/sw\.ts$/.test(file)
for (const source of ours) {
  const relative = path.relative(root, source.fileName)
  const moduleSymbol = checker.getSymbolAtLocation(source)
  if (!moduleSymbol || isEntry(relative) || used.has(`${source.fileName}#*`)) continue
  const text = readFileSync(source.fileName, 'utf8')
  for (const { name } of checker.getExportsOfModule(moduleSymbol)) {
    if (name === 'default' || used.has(`${source.fileName}#${name}`)) continue
    const mentions = text.match(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))?.length ?? 0
    console.log(`${mentions <= 1 ? 'dead ' : 'local'}  ${relative}  ${name}`)
  }
}
