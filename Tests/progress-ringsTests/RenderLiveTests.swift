import Foundation
import TestSupport
import Testing

/// `progress-rings render` reads live values as the server does, from a real upstream on 127.0.0.1.
@Suite(.serialized)
final class RenderLiveTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
        try fixture.write("c.json", #"{"totals": {"percent": 87.4}, "done": 7, "total": 12}"#)
    }

    deinit { fixture.stop() }

    @Test func aLiveQueryDrawsTheValueReadWithTheBytesOfTheSameValueInTheQuery() async throws {
        let live = try await BuiltBinary.run(["render", "url=\(fixture.url("c.json"))&query=$.totals.percent"])
        let written = try await BuiltBinary.run(["render", "value=87.4"])
        #expect(live.status == 0, "\(live.errors)")
        #expect(live.output == written.output && live.text.contains(">87%<"))
        let bar = try await BuiltBinary.run([
            "render", "--bar", "url=\(fixture.url("c.json"))&query=done&maxQuery=total",
        ])
        let barWritten = try await BuiltBinary.run(["render", "--bar", "value=7&max=12"])
        #expect(bar.output == barWritten.output)
    }

    @Test func namedSourcesComeFromTheConfigFile() async throws {
        let config = fixture.directory.appendingPathComponent("rings.json")
        try Data(#"{"liveSources": {"cov": {"url": "\#(fixture.url("c.json"))", "query": "$.done"}}}"#.utf8)
            .write(to: config)
        let run = try await BuiltBinary.run(["render", "url=cov&max=12", "--config", config.path])
        let written = try await BuiltBinary.run(["render", "value=7&max=12"])
        #expect(run.status == 0 && run.output == written.output)
        let unknown = try await BuiltBinary.run(["render", "url=cov"])
        #expect(
            unknown.status == 2
                && unknown.errors.contains(#"url: "cov" is neither an http(s) URL nor a configured source"#))
    }

    @Test func aValueThatCannotBeReadFailsWithStatusOneNamingWhy() async throws {
        let run = try await BuiltBinary.run(["render", "url=\(fixture.url("missing.json"))&query=$.a"])
        #expect(run.status == 1 && run.output.isEmpty)
        #expect(run.errors == "progress-rings render: url: \(fixture.url("missing.json")) answered 404\n")
        let both = try await BuiltBinary.run(["render", "url=\(fixture.url("c.json"))&query=$.a&value=3"])
        #expect(both.status == 2 && both.errors.contains("value: cannot be given with url"))
    }
}
