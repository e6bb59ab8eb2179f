import PackagePlugin

/// Embeds the pages' scripts in RingService at build time: `embed-builder-script` writes each script's .js files,
/// in order, as the `script` of a type (`BuilderPage.script`, `EmbedPage.script`, `RingsModule.script`) into a
/// Swift file of the build's own, so the binary needs no file beside it and the repository holds each script once,
/// as JavaScript (`node --check` in `make lint` reads the same files).
@main
struct BuilderScriptPlugin: BuildToolPlugin {
    /// Each script: the type that holds it, and its files in the target's `Pages/` folder in the order the page runs
    /// them. RingsURL.js, the image URL writer, comes first in the builder's script and in `/rings.js` alike: the
    /// builder and the pages that import the module write URLs with the same code. In the builder, each of the next
    /// two defines the function that BuilderPage.js calls.
    static let scripts: [(type: String, files: [String])] = [
        ("BuilderPage", ["RingsURL.js", "BuilderReadout.js", "BuilderKinds.js", "BuilderPage.js"]),
        ("EmbedPage", ["EmbedPage.js"]),
        ("RingsModule", ["RingsURL.js", "RingsElement.js"]),
    ]

    /// Every file, once.
    static var files: [String] {
        var seen = Set<String>()
        return scripts.flatMap(\.files).filter { seen.insert($0).inserted }
    }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let path = { (file: String) in target.directoryURL.appending(path: "Pages/" + file) }
        let output = context.pluginWorkDirectoryURL.appending(path: "Pages+Scripts.swift")
        var arguments = [output.path]
        for (index, script) in Self.scripts.enumerated() {
            if index > 0 { arguments.append("--") }
            arguments += [script.type] + script.files.map { path($0).path }
        }
        return [
            .buildCommand(
                displayName: "Embedding the pages' scripts in \(target.name)",
                executable: try context.tool(named: "embed-builder-script").url,
                arguments: arguments,
                inputFiles: Self.files.map(path),
                outputFiles: [output])
        ]
    }
}
