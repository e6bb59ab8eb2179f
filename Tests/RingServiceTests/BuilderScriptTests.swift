import Foundation
import TestSupport
import Testing

@testable import RingService

/// The builder page's script lives in Sources/RingService/Pages/Builder*.js (checked by `node --check` in `make lint`)
/// and is embedded in the binary at build time (BuilderScriptPlugin): these check that the page serves those files.
struct BuilderScriptTests {
    static let sourcePaths = ["BuilderReadout.js", "BuilderKinds.js", "BuilderPage.js"].map {
        packageRoot.appendingPathComponent("Sources/RingService/Pages/" + $0)
    }

    /// The embedded script is the files byte for byte, one after the other, less the last one's final newline; and
    /// every builder file in the folder is one of them.
    @Test func embeddedScriptIsTheJavaScriptFiles() throws {
        let files = try Self.sourcePaths.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(
            Array((BuilderPage.script + "\n").utf8) == Array(files.utf8),
            "the embedded script is not BuilderReadout.js, BuilderKinds.js and BuilderPage.js in that order"
        )
        let folder = packageRoot.appendingPathComponent("Sources/RingService")
        let scripts = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
            .map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(Set(scripts) == Set(Self.sourcePaths.map(\.lastPathComponent)), "a .js file the build does not embed")
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
