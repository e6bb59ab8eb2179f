import Foundation
import Testing

@testable import LiveValues

/// The settings are checked once, at start-up, with messages naming the setting; the allow-list and the value
/// store's bound behave as documented.
struct LiveSettingsTests {
    @Test func theAllowListMatchesExactNamesAndProperSubdomainsCaseAndDotInsensitively() throws {
        let list = try HostAllowList(["Coverage.Example.org.", "*.CDN.test", "10.0.0.5", "::1", "[fe80::1]"])
        #expect(list.entries == ["coverage.example.org", "*.cdn.test", "10.0.0.5", "[::1]", "[fe80::1]"])
        for host in ["coverage.example.org", "a.cdn.test", "a.b.cdn.test", "10.0.0.5", "[::1]", "[fe80::1]"] {
            #expect(list.allows(host), "\(host)")
        }
        for host in ["example.org", "cdn.test", "xcdn.test", "coverage.example.org.evil", "10.0.0.50", "[::2]"] {
            #expect(!list.allows(host), "\(host)")
        }
    }

    @Test(arguments: [
        ("*", #"liveHosts: "*" has a host with characters a host name cannot hold (accepted: a-z, 0-9, - and _)…"#),
        ("*.com", #"liveHosts: "*.com" is too wide: a pattern needs a domain of two labels or more"#),
        ("*.10.0.0.1", #"liveHosts: "*.10.0.0.1" is too wide…"#),
        ("bücher.de", #"liveHosts: "bücher.de" has a host that is not ASCII…"#),
        ("", #"liveHosts: "" has no host…"#), ("a..b", #"liveHosts: "a..b" has a host with an empty label (..)…"#),
        ("http://x.test", #"liveHosts: "http://x.test" has a host with characters a host name cannot hold…"#),
    ])
    func aBadHostEntryStopsStartUp(entry: String, message: String) {
        #expect(throws: LiveSettingsError.self) { try HostAllowList([entry]) }
        do {
            _ = try HostAllowList([entry])
        } catch {
            #expect(error.message.hasPrefix(String(message.trimmingCharacters(in: ["…"]))), "\(error.message)")
        }
    }

    @Test func aBadSettingStopsStartUpNamingIt() {
        let cases: [((inout LiveSettings) -> Void, String)] = [
            ({ $0.sources = ["a b": .init(url: "https://x.test/")] }, #"liveSources: "a b": is not a name…"#),
            (
                { $0.sources = ["c": .init(url: "ftp://x.test/")] },
                #"liveSources: "c": url "ftp://x.test/" has scheme ftp…"#
            ),
            (
                { $0.sources = ["c": .init(url: "https://x.test/", query: "$..a")] },
                #"liveSources: "c": query "$..a" uses ..…"#
            ),
            (
                { $0.prometheusServers = [.init(name: "p", url: "http://p:9090/?x=1")] },
                #"prometheusServers: "p": url has a query…"#
            ),
            (
                { $0.prometheusServers = [.init(name: "p", url: "http://a"), .init(name: "p", url: "http://b")] },
                #"prometheusServers: "p": is named twice"#
            ),
            (
                { $0.prometheusQueries = ["q": .init(query: "up")] },
                #"prometheusQueries: "q": no prometheusServers are set"#
            ),
            (
                {
                    $0.prometheusServers = [.init(name: "p", url: "http://a")]
                    $0.prometheusQueries = ["q": .init(server: "z", query: "up")]
                }, #"prometheusQueries: "q": server "z" is not in prometheusServers"#
            ),
            ({ $0.timeout = 0 }, "liveTimeout: 0.0 is not a positive number of seconds"),
            ({ $0.ttl = .infinity }, "liveTTL: inf is not a positive number of seconds"),
            ({ $0.staleSeconds = -1 }, "liveStaleSeconds: -1.0 is not 0 or more seconds"),
            ({ $0.maxBytes = 0 }, "liveMaxBytes: 0 is not 1 or more"),
            ({ $0.maxRedirects = 11 }, "liveMaxRedirects: 11 is out of range 0…10"),
        ]
        for (change, message) in cases {
            do {
                _ = try makeLive(change)
                Issue.record("accepted")
            } catch let error as LiveSettingsError {
                if message.hasSuffix("…") {
                    #expect(error.message.hasPrefix(String(message.dropLast())), "\(error.message)")
                } else {
                    #expect(error.message == message)
                }
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func theValueStoreDropsTheFirstStoredSourceBeyondItsBound() throws {
        let live = try makeLive()
        var store = LiveValueStore(maxValues: 3)
        let sources = try (1...5).map { i in
            try #require(
                try live.source(url: "http://127.0.0.1/\(i)", query: nil, maxQuery: nil, prometheus: nil, server: nil))
        }
        let settings = LiveSettings()
        for source in sources.prefix(3) {
            _ = store.record(source, .success(LiveReading(value: 1, readAt: Date())), now: 0, settings: settings)
        }
        // Storing the first again refreshes it but keeps its place in line.
        _ = store.record(sources[0], .success(LiveReading(value: 2, readAt: Date())), now: 1, settings: settings)
        _ = store.record(sources[3], .success(LiveReading(value: 4, readAt: Date())), now: 1, settings: settings)
        #expect(store.entries.count == 3)
        #expect(store.answer(sources[0], now: 1) == nil)
        #expect(store.answer(sources[1], now: 1)?.value == 1)
        _ = store.record(sources[4], .failure(.bad("url", "", "x")), now: 1, settings: settings)
        #expect(store.entries.count == 3)
        #expect(store.answer(sources[1], now: 1) == nil)
        #expect(store.answer(sources[4], now: 1)?.error?.reason == "x")
    }

    /// The readings' texts are bounded too: documents with large logos push the first stored out, and the bytes
    /// counted come back as they go.
    @Test func theValueStoreDropsTheFirstStoredSourceBeyondItsTextBytes() throws {
        let live = try makeLive()
        var store = LiveValueStore(maxValues: 100, maxTextBytes: 20_000)
        let sources = try (1...5).map { i in
            try #require(
                try live.source(url: "http://127.0.0.1/\(i)", query: nil, maxQuery: nil, prometheus: nil, server: nil))
        }
        var reading = LiveReading(value: 1, readAt: Date())
        reading.logoSvg = String(repeating: "x", count: 8_000)
        for source in sources {
            _ = store.record(source, .success(reading), now: 0, settings: LiveSettings())
            #expect(store.textBytes <= 20_000)
        }
        #expect(store.entries.count == 2)
        #expect(store.textBytes == 16_000)
        #expect(store.answer(sources[4], now: 0)?.value == 1)
        #expect(store.answer(sources[0], now: 0) == nil)
        // A failure past the reading's staleness drops it and gives its bytes back.
        _ = store.record(sources[4], .failure(.bad("url", "", "x")), now: 100_000, settings: LiveSettings())
        #expect(store.textBytes == 8_000)
    }
}
