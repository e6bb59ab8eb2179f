import Foundation
import TestSupport
import Testing

@testable import RingService

/// The pages' scripts live in Sources/RingService/Pages/*.js (checked by `node --check` in `make lint`) and are
/// embedded in the binary at build time (BuilderScriptPlugin): these check that the pages serve those files.
struct BuilderScriptTests {
    static func paths(_ files: [String]) -> [URL] {
        files.map { packageRoot.appendingPathComponent("Sources/RingService/Pages/" + $0) }
    }
    static let sourcePaths = paths(["RingsURL.js", "BuilderReadout.js", "BuilderKinds.js", "BuilderPage.js"])
    static let embedPaths = paths(["EmbedPage.js"])
    static let modulePaths = paths(["RingsURL.js", "RingsElement.js"])

    static func joined(_ paths: [URL]) throws -> [UInt8] {
        Array(try paths.map { try String(contentsOf: $0, encoding: .utf8) }.joined().utf8)
    }

    /// Each embedded script is its files byte for byte, one after the other, less the last one's final newline;
    /// and every .js file in the folder is one of them.
    @Test func embeddedScriptsAreTheJavaScriptFiles() throws {
        #expect(
            Array((BuilderPage.script + "\n").utf8) == (try Self.joined(Self.sourcePaths)),
            "the builder's script is not RingsURL.js, BuilderReadout.js, BuilderKinds.js and BuilderPage.js in order"
        )
        #expect(Array((EmbedPage.script + "\n").utf8) == (try Self.joined(Self.embedPaths)))
        #expect(Array((RingsModule.script + "\n").utf8) == (try Self.joined(Self.modulePaths)))
        let folder = packageRoot.appendingPathComponent("Sources/RingService")
        let scripts = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
            .map { URL(fileURLWithPath: $0).lastPathComponent }
        let embedded = (Self.sourcePaths + Self.embedPaths + Self.modulePaths).map(\.lastPathComponent)
        #expect(Set(scripts) == Set(embedded), "a .js file the build does not embed")
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
