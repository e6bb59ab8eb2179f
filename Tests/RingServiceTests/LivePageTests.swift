import Foundation
import HTTPServer
import LiveValues
import RingKit
import TestSupport
import Testing

@testable import RingService

/// The builder's live-value fields and the gallery's "Live values" section, on a server without live values and on
/// one configured as `make live-demo` configures it (`config/live-demo.json`, its documents served from
/// `config/live-demo/` by a fixture server on 127.0.0.1).
@Suite(.serialized)
struct LivePageTests {
    static let demoConfig = packageRoot.appendingPathComponent("config/live-demo.json")
    static let demoDocuments = packageRoot.appendingPathComponent("config/live-demo")

    /// The settings `make live-demo` runs with, read as `progress-rings serve --config` reads them.
    static func demoSettings() throws -> ServiceConfiguration {
        try ServiceConfiguration.load(arguments: ["--config", demoConfig.path], environment: [:]).configuration
    }

    /// The `<img>` sources of `html`, entities decoded, as a browser reads them.
    static func imageSources(_ html: String) -> [String] {
        html.components(separatedBy: "<img ").dropFirst().compactMap { tag in
            PageTests.attribute("src", in: " " + tag.prefix { $0 != ">" }).map(PageTests.entitiesDecoded)
        }
    }

    /// The markup between `<section id="live">` and its end.
    static func liveSection(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<section id=\"live\">"))
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func builderOffersEveryLiveParameterToEveryKindInAFoldedSection() throws {
        let html = makeService().get("/").text
        let controls = PageTests.controls(in: html)
        for parameter in LiveTarget.parameters {
            #expect(controls[parameter] == ["ring", "badge", "bar"], "\(parameter): \(controls[parameter] ?? [])")
        }
        // Folded: no `open`; every live field inside it, and nothing else.
        let start = try #require(html.range(of: "<details id=\"live\" class=\"live\">\n<summary>Live value</summary>"))
        let end = try #require(html.range(of: "</details>", range: start.upperBound..<html.endIndex))
        let section = String(html[start.lowerBound..<end.upperBound])
        // One section, holding every field of the group (the live sources, the clock's and the freshness rows).
        let group = BuilderPage.fields.filter { $0.group == BuilderPage.liveGroup }.map(\.parameter)
        #expect(Set(PageTests.controls(in: section).keys) == Set(group))
        #expect(Set(LiveTarget.parameters).isSubset(of: Set(group)))
        #expect(html.components(separatedBy: "<details id=\"live\"").count == 2, "the live section twice")
        // The readout under the preview starts hidden, with a place for each fact and for the server's refusal.
        #expect(
            html.contains("<section id=\"live-read\" class=\"live-read\" aria-labelledby=\"live-read-heading\" hidden>")
        )
        for id in ["live-shows", "live-read-at", "live-source", "live-fresh", "live-error"] {
            #expect(html.contains("id=\"\(id)\""), "no \(id)")
        }
    }

    @Test func galleryWithoutLiveValuesShowsTheURLsAndHowToTurnThemOn() throws {
        let html = makeService().get("/examples").text
        let section = try Self.liveSection(html)
        #expect(section.contains("<h2>Live values</h2>"))
        #expect(section.contains("<code>make live-demo</code>") && section.contains("<code>docs/live-demo.md</code>"))
        #expect(section.contains("no source named <code>coverage</code>, <code>tasks</code> or <code>endpoint</code>"))
        for example in GalleryPage.liveExamples {
            #expect(section.contains("<li><code>\(StaticPage.escaped(example.path))</code>"), "\(example.path)")
        }
        // No image that would only draw an error, and no image URL anywhere that names a live value.
        #expect(!section.contains("<img"))
        #expect(Self.imageSources(html).allSatisfy { !$0.contains("url=") })
    }

    @Test func galleryShowsTheCardsOfTheConfiguredSourcesAndNamesTheOthers() throws {
        let section = try Self.liveSection(GalleryPage.body(liveSources: ["coverage", "unrelated"]))
        let shown = Self.imageSources(section)
        #expect(!shown.isEmpty && shown.allSatisfy { $0.contains("url=coverage") }, "\(shown)")
        #expect(section.contains("no source named <code>tasks</code> or <code>endpoint</code>"))
        #expect(section.contains("<li><code>/badge.svg?url=endpoint</code>"))
        #expect(!section.contains("<li><code>/ring.svg?url=coverage</code>"))
    }

    @Test func theLiveDemoConfigurationNamesEveryGallerySourceWithADocumentOfItsOwn() throws {
        let config = try Self.demoSettings()
        // It starts as the server starts it: LiveValues checks every source.
        _ = try RingService(configuration: config, log: ServiceLog(format: .off, level: .info))
        let sources = config.live.sources
        let used = Set(GalleryPage.liveExamples.compactMap(GalleryPage.source(of:)))
        #expect(used.isSubset(of: Set(sources.keys)), "\(used) against \(sources.keys.sorted())")
        for (name, source) in sources {
            let url = try #require(URL(string: source.url))
            #expect(url.host == "127.0.0.1", "\(name): the demo serves its documents on 127.0.0.1 only")
            let document = Self.demoDocuments.appendingPathComponent(url.lastPathComponent)
            let data = try Data(contentsOf: document)
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(document.path) is not JSON")
        }
        // Named sources are fetched whatever their address: the demo needs no private addresses.
        #expect(!config.live.allowPrivateAddresses && config.live.hosts.isEmpty)
        #expect(config.live.ttl == 10, "docs/live-demo.md says an edit shows within 10 s")
    }

    @Test func galleryWithTheDemoSourcesShowsEveryLiveCardDrawingItsDocument() throws {
        let fixture = try FixtureServer()
        defer { fixture.stop() }
        var demo = try Self.demoSettings()
        for (name, source) in demo.live.sources {
            let file = try #require(URL(string: source.url)).lastPathComponent
            try fixture.write(
                file, try String(contentsOf: Self.demoDocuments.appendingPathComponent(file), encoding: .utf8))
            demo.live.sources[name]?.url = fixture.url(file)
        }
        let service = try makeLiveService(fixture) { $0.live = demo.live }
        let html = service.get("/examples").text
        let section = try Self.liveSection(html)
        #expect(!section.contains("id=\"live-off\""))
        let sources = Self.imageSources(section)
        #expect(sources == GalleryPage.liveExamples.map(\.path))
        for source in sources {
            let image = service.get(source)
            #expect(
                image.status == .ok && image.header("X-Source") != nil, "\(source): \(image.header("X-Error") ?? "")")
        }
        // What the cards show is what the documents hold.
        #expect(service.get("/ring.svg?url=coverage").text.contains(">87%<"))
        #expect(service.get("/ring.svg?url=tasks&label=%7Bvalue%7D/%7Bmax%7D").text.contains(">7/12<"))
        let endpoint = service.get("/badge.svg?url=endpoint").text
        #expect(endpoint.contains(">docs<") && endpoint.contains(">92%<"))
        // Each card's builder link names only fields the builder has for its kind, and the builder's URL draws it.
        for example in GalleryPage.liveExamples {
            let link = try #require(example.builderLink)
            #expect(section.contains("href=\"\(StaticPage.escaped(link))\">open in the builder</a>"))
            let query = String(try #require(link.split(separator: "?", maxSplits: 1).last))
            let parts = query.split(separator: "&")
            let kind = String(try #require(parts.first).dropFirst("kind=".count))
            let rest = parts.dropFirst().joined(separator: "&")
            let fields = Set(BuilderPage.fields.filter { $0.kinds.map(\.rawValue).contains(kind) }.map(\.parameter))
            for name in GalleryPage.Example.names(in: Substring(rest)) {
                #expect(fields.contains(name), "the builder has no \(kind) field for \(name)")
            }
            #expect(service.get("/\(kind).svg?" + rest).body == service.get(example.path).body, "\(link)")
        }
    }
}
