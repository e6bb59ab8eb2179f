import Foundation
import TestSupport
import Testing

@testable import RingService

/// The builder page's script lives in Sources/RingService/BuilderPage.js (checked by `node --check` in `make lint`)
/// and is embedded in the binary by .ci/tools/embed-builder-script.py: these check that the page serves that file.
struct BuilderScriptTests {
    static let sourcePath = packageRoot.appendingPathComponent("Sources/RingService/BuilderPage.js")

    /// The embedded script is BuilderPage.js byte for byte, less the file's final newline: an edit to one without
    /// rerunning the script fails here.
    @Test func embeddedScriptIsTheJavaScriptFile() throws {
        let file = try String(contentsOf: Self.sourcePath, encoding: .utf8)
        #expect(
            BuilderPage.script + "\n" == file,
            "BuilderPage+Script.swift is not BuilderPage.js: run .ci/tools/embed-builder-script.py")
    }

    /// The builder's page sends the embedded script as its one inline script.
    @Test func builderPageServesTheEmbeddedScript() {
        let html = makeService().get("/").text
        #expect(html.contains("<script>\(BuilderPage.script)</script>\n"))
    }

    /// The script's list of live parameters (whose field turns the value field off) is the one the service reads.
    @Test func scriptListsTheLiveParametersTheServiceReads() {
        let list = "[" + LiveTarget.parameters.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        #expect(BuilderPage.script.contains("\n  var liveParameters = \(list);\n"))
    }
}
