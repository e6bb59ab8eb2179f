import PackagePlugin

/// Embeds the builder page's script in RingService at build time: `embed-builder-script` writes the .js files, in
/// this order, as `BuilderPage.script` into a Swift file of the build's own, so the binary needs no file beside it
/// and the repository holds the script once, as JavaScript (`node --check` in `make lint` reads the same files).
@main
struct BuilderScriptPlugin: BuildToolPlugin {
    /// The script's files, in the target's `Pages/` folder, in the order the page runs them: each of the first two
    /// defines the function that BuilderPage.js calls.
    static let files = ["BuilderReadout.js", "BuilderKinds.js", "BuilderPage.js"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let inputs = Self.files.map { target.directoryURL.appending(path: "Pages/" + $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuilderPage+Script.swift")
        return [
            .buildCommand(
                displayName: "Embedding the builder's script in \(target.name)",
                executable: try context.tool(named: "embed-builder-script").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
