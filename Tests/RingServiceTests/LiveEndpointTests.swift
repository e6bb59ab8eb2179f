import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import LiveValues
@testable import RingService

/// shields endpoint documents read as shields reads them: its palette, labelColor, style, cacheSeconds, isError,
/// grouped numbers and messages with no number; and `/badge.json`, the document of a badge, read back.
@Suite(.serialized)
final class LiveEndpointTests {
    let fixture: FixtureServer
    let clock = TestClock()

    init() throws { fixture = try FixtureServer() }

    deinit { fixture.stop() }

    func url(_ path: String) -> String { QueryParameters.encode(fixture.url(path)) }

    /// The badge of a document written to the fixture as `name`.
    func badge(
        _ service: RingService, _ json: String, _ query: String = "", name: String = "d.json"
    ) throws
        -> HTTPResponse
    {
        try fixture.write(name, json)
        return service.get("/badge.svg?url=\(url(name))" + query)
    }

    /// The issue's own document: shields' yellowgreen, its labelColor and style, and a message with more after
    /// the number.
    @Test func aDocumentWrittenForShieldsDrawsShieldsColorsLabelColorAndStyle() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let drawn = try badge(
            service,
            ##"{"schemaVersion":1,"label":"cov","message":"87.4% (+0.2)","color":"yellowgreen","labelColor":"#123456","style":"flat-square"}"##
        )
        #expect(drawn.status == .ok && drawn.text.contains("#a4a61d") && drawn.text.contains("#123456"))
        #expect(!drawn.text.contains("#9acd32"), "CSS's yellowgreen")
        let same = service.get(
            "/badge.svg?label=cov&message=87.4%25%20(%2B0.2)&color=a4a61d&labelColor=123456&style=flat-square")
        #expect(drawn.body == same.body)
        // A badge's URL reads shields' names too; a ring's keeps CSS's.
        #expect(service.get("/badge.svg?value=87&color=yellowgreen").text.contains("#a4a61d"))
        #expect(service.get("/ring.svg?value=87&color=yellowgreen").text.contains("#9acd32"))
        // The URL's own parameters win over the document's.
        let own = try badge(
            service, #"{"schemaVersion":1,"message":"5","color":"green","labelColor":"red","style":"plastic"}"#,
            "&color=blue&labelColor=black&style=flat", name: "own.json")
        #expect(own.body == service.get("/badge.svg?message=5&color=blue&labelColor=black").body)
    }

    /// A document's message is drawn on a badge as written, as shields draws it: `1,234`, `72`, `87%`,
    /// `1.2M/month`, `3.9 | 3.10 | 3.11` with no icon and no percentage, in the document's color or shields'
    /// lightgrey. A URL that asks for the number (`unit`, `thresholds`, `map`, `icon`, …) gets it; rings read it.
    @Test(arguments: ["1,234", "72", "87%", "1.2M/month", "3.9 | 3.10 | 3.11"])
    func aBadgeDrawsTheMessageAsWritten(message: String) throws {
        let service = try makeLiveService(fixture, clock: clock)
        let drawn = try badge(service, #"{"schemaVersion":1,"label":"dl","message":"\#(message)"}"#)
        let written = service.get("/badge.svg?label=dl&color=9f9f9f&message=" + QueryParameters.encode(message))
        #expect(drawn.status == .ok && written.status == .ok)
        #expect(drawn.body == written.body)
        #expect(drawn.text.contains("<title>dl: \(message)</title>"))
        let colored = try badge(
            service, #"{"schemaVersion":1,"message":"\#(message)","color":"green"}"#, name: "green.json")
        #expect(colored.body == service.get("/badge.svg?color=97ca00&message=" + QueryParameters.encode(message)).body)
    }

    /// Where the URL asks for the number, the badge reads it from the message, as before.
    @Test func aBadgeThatAsksForTheNumberReadsIt() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let asked = try badge(service, #"{"schemaVersion":1,"label":"cov","message":"87%"}"#, "&thresholds=50:red")
        #expect(asked.body == service.get("/badge.svg?label=cov&value=87&thresholds=50:red").body)
        let unit = try badge(service, #"{"schemaVersion":1,"message":"1,234"}"#, "&unit=short", name: "u.json")
        #expect(unit.body == service.get("/badge.svg?value=1234&unit=short").body)
        let ring = service.get("/ring.svg?url=\(url("d.json"))")
        #expect(ring.text.contains(">87%<"))
    }

    @Test(arguments: [
        ("brightgreen", "#44cc11"), ("green", "#97ca00"), ("critical", "#e05d44"), ("inactive", "#9f9f9f"),
    ])
    func shieldsPaletteNamesMeanShieldsColors(name: String, hex: String) throws {
        let service = try makeLiveService(fixture, clock: clock)
        let drawn = try badge(service, #"{"schemaVersion":1,"message":"5","color":"\#(name)"}"#)
        #expect(drawn.body == service.get("/badge.svg?message=5&color=\(hex.dropFirst())").body)
    }

    @Test func cacheSecondsRaisesTheMaxAgeAndNeverLowersIt() throws {
        let service = try makeLiveService(fixture, clock: clock) { $0.live.ttl = 300 }
        let long = try badge(service, #"{"schemaVersion":1,"message":"5","cacheSeconds":3600}"#, name: "long.json")
        #expect(long.header("Cache-Control") == "public, max-age=3600, s-maxage=3600")
        let short = try badge(service, #"{"schemaVersion":1,"message":"5","cacheSeconds":10}"#, name: "short.json")
        #expect(short.header("Cache-Control") == "public, max-age=300, s-maxage=300")
    }

    @Test func aGroupedMessageReadsAsItsNumber() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let drawn = try badge(service, #"{"schemaVersion":1,"label":"tests","message":"1,234"}"#, "&max=2000")
        #expect(drawn.body == service.get("/badge.svg?label=tests&value=1234&max=2000").body)
        #expect(drawn.text.contains(">62%<"))
    }

    @Test func aMessageWithNoNumberDrawsAPlainBadgeOfItsText() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let drawn = try badge(service, #"{"schemaVersion":1,"label":"build","message":"passing","color":"green"}"#)
        #expect(drawn.status == .ok && drawn.text.contains(">passing<") && drawn.text.contains(">build<"))
        #expect(!drawn.text.contains("<circle"), "no ring")
        #expect(service.get("/badge.svg?label=build&value=5").text.contains("<circle"))
        #expect(drawn.body == service.get("/badge.svg?label=build&message=passing&color=97ca00").body)
        // A ring cannot show it: an error image naming url.
        let ring = service.get("/ring.svg?url=\(url("d.json"))")
        #expect(ring.status == .badGateway)
        #expect(ring.header("X-Error")?.hasPrefix(#"url: the endpoint message "passing" holds no number"#) == true)
    }

    /// As shields: the message as text, in the document's color (lightgrey without one), whatever the URL's.
    @Test func aDocumentReportingAnErrorDrawsItsMessageInItsOwnColor() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let red = try badge(
            service,
            #"{"schemaVersion":1,"isError":true,"label":"something is","message":"not right","color":"red"}"#,
            "&color=101010")
        #expect(red.status == .ok && red.text.contains("#e05d44") && !red.text.contains("#101010"))
        #expect(red.body == service.get("/badge.svg?label=something%20is&message=not%20right&color=e05d44").body)
        let grey = try badge(
            service, #"{"schemaVersion":1,"isError":true,"label":"up","message":"99"}"#, name: "grey.json")
        #expect(grey.body == service.get("/badge.svg?label=up&message=99&color=9f9f9f").body)
        let ring = service.get("/ring.svg?url=\(url("grey.json"))")
        #expect(ring.header("X-Error") == #"url: the endpoint document reports an error: "99""#)
    }

    @Test(arguments: [
        (#"{"schemaVersion":1,"message":"5","label":5}"#, "url: the endpoint document's label is a number, not text"),
        (
            #"{"schemaVersion":1,"message":"5","isError":"yes"}"#,
            "url: the endpoint document's isError is text, not true or false"
        ),
        (
            #"{"schemaVersion":1,"message":"5","cacheSeconds":-1}"#,
            "url: the endpoint document's cacheSeconds is -1, not a whole number of seconds, 0 or more"
        ),
        (
            #"{"schemaVersion":1,"message":"\#(String(repeating: "9", count: 1 << 20))"}"#,
            "url: the endpoint document's message is 1048576 bytes long; at most 4096 are read"
        ),
        (
            #"{"schemaVersion":1,"message":"\#(String(repeating: "x", count: 101))"}"#,
            "url: the endpoint message cannot be drawn: message:"
        ),
    ])
    func wrongFieldsAreErrorsNamingTheField(json: String, message: String) throws {
        let service = try makeLiveService(fixture, clock: clock) { $0.live.maxBytes = 2 << 20 }
        let drawn = try badge(service, json)
        #expect(drawn.status == .badGateway)
        #expect(drawn.header("X-Error")?.hasPrefix(message) == true, "\(drawn.header("X-Error") ?? "")")
    }

    @Test func badgeJSONIsTheShieldsDocumentOfTheBadge() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let doc = service.get("/badge.json?label=cov&value=87&color=yellowgreen&style=plastic")
        #expect(doc.status == .ok && doc.header("Content-Type") == "application/json")
        #expect(
            doc.text
                == ##"{"schemaVersion": 1, "label": "cov", "message": "87%", "color": "#a4a61d", "labelColor": "#555555", "style": "plastic"}"##
                + "\n")
        let maxAge = service.configuration.maxAge
        #expect(doc.header("Cache-Control") == "public, max-age=\(maxAge), s-maxage=\(maxAge)")
        #expect(doc.header("ETag") != nil)
        let etag = try #require(doc.header("ETag"))
        #expect(
            service.get("/badge.json?label=cov&value=87&color=yellowgreen&style=plastic", ["If-None-Match": etag])
                .status == .notModified)
        let head = service.get("/badge.json?value=5", method: .head)
        #expect(head.status == .ok && head.header("Content-Type") == "application/json")
        // Thresholds and a message show as drawn.
        #expect(service.get("/badge.json?value=90&thresholds=80:green").text.contains(##""color": "#97ca00""##))
        #expect(service.get("/badge.json?label=&message=passing").text.contains(#""label": "", "message": "passing""#))
        let bad = service.get("/badge.json?value=5&style=round")
        #expect(bad.status == .ok && bad.header("Content-Type") == "application/json")
        #expect(bad.text.contains(#""message": "invalid style""#) && bad.text.contains(#""isError": true"#))
        #expect(bad.header("X-Error")?.hasPrefix("style: ") == true && bad.header("Cache-Control") == "no-store")
        #expect(service.get("/metrics").text.contains(#"route="/badge.json""#))
    }

    /// What `/badge.json` says, served back as an endpoint document, draws the same badge where the reader asks for
    /// the number (`icon=ring`: a message is otherwise drawn as written, as shields draws it).
    @Test(arguments: [
        // A document carries the text shown: 87.4 would come back as the 87 of "87%".
        "label=cov&value=87&color=yellowgreen&labelColor=123456&style=flat-square",
        "label=build&message=passing&color=green",
        "value=30&thresholds=50:orange,80:green&style=for-the-badge",
    ])
    func badgeJSONRoundTripsThroughAnEndpointDocument(query: String) throws {
        let service = try makeLiveService(fixture, clock: clock)
        let doc = service.get("/badge.json?" + query)
        try #require(doc.status == .ok)
        try fixture.write("round.json", doc.text)
        let asking = query.contains("value=") ? "&icon=ring" : ""
        let read = service.get("/badge.svg?url=\(url("round.json"))" + asking)
        #expect(read.status == .ok)
        #expect(read.body == service.get("/badge.svg?" + query).body, "\(doc.text)")
        // And live: the document of a live badge.
        #expect(service.get("/badge.json?url=\(url("round.json"))" + asking).text == doc.text)
    }

    /// A source that cannot be read: the error badge says `inaccessible` under the badge's label, and `/badge.json`
    /// answers the document of that badge (a 200 with `isError`, which shields draws), which reads back as the same.
    @Test func anUnreadableSourceIsAnErrorDocumentShieldsDraws() throws {
        let service = try makeLiveService(fixture, clock: clock)
        let image = service.get("/badge.svg?label=coverage&url=\(url("nope.json"))")
        #expect(image.status == .badGateway)
        #expect(image.text.contains(">coverage<") && image.text.contains(">inaccessible<"))
        let doc = service.get("/badge.json?label=coverage&url=\(url("nope.json"))")
        #expect(doc.status == .ok && doc.header("X-Error")?.hasSuffix("answered 404") == true)
        #expect(
            doc.text
                == ##"{"schemaVersion": 1, "label": "coverage", "message": "inaccessible", "color": "#e05d44", "##
                + #""isError": true}"# + "\n")
        try fixture.write("error-doc.json", doc.text)
        let read = service.get("/badge.svg?url=\(url("error-doc.json"))")
        #expect(
            read.text.contains(">coverage<") && read.text.contains(">inaccessible<") && read.text.contains("e05d44"))
    }
}
