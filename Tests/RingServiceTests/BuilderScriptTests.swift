import Foundation
import TestSupport
import Testing

@testable import RingService

/// The builder page's script lives in Sources/RingService/BuilderReadout.js and BuilderPage.js (checked by
/// `node --check` in `make lint`) and is embedded in the binary by .ci/tools/embed-builder-script.py: these check
/// that the page serves those files.
struct BuilderScriptTests {
    static let sourcePaths = ["BuilderReadout.js", "BuilderPage.js"].map {
        packageRoot.appendingPathComponent("Sources/RingService/" + $0)
    }

    /// The embedded script is the two files byte for byte, one after the other, less the last one's final newline:
    /// an edit to one without rerunning the script fails here.
    @Test func embeddedScriptIsTheJavaScriptFiles() throws {
        let files = try Self.sourcePaths.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(
            BuilderPage.script + "\n" == files,
            "BuilderPage+Script.swift is not BuilderReadout.js and BuilderPage.js: run .ci/tools/embed-builder-script.py"
        )
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
