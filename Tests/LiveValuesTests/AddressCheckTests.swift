import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// The rules applied to what is actually fetched: the address libcurl connects to (after DNS, names pointed at
/// addresses with libcurl's resolve list, so no query or packet leaves the machine), IP literals in every
/// spelling, and every redirect hop.
@Suite(.serialized)
final class AddressCheckTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
        try fixture.write("number.json", #"{"value": 42}"#)
    }

    deinit { fixture.stop() }

    private func answer(
        _ url: String, resolve: [String] = [], _ change: @escaping @Sendable (inout LiveSettings) -> Void
    ) async throws -> LiveAnswer {
        try await onOwnThread {
            let live = try makeLive(resolve: resolve) { settings in
                settings.allowPrivateAddresses = false
                change(&settings)
            }
            return try live.read(url: url, query: "$.value")
        }
    }

    @Test func aHostNameResolvingToLoopbackIsRefusedAtConnectAndNothingReachesIt() async throws {
        let url = fixture.url("number.json", host: "rebind.test")
        let answer = try await answer(url, resolve: [fixture.resolve("rebind.test")]) { $0.hosts = ["rebind.test"] }
        #expect(
            answer.error?.message
                == "url: \(url) was refused: rebind.test is at 127.0.0.1, a loopback address this server does not fetch"
        )
        #expect(answer.error?.kind == .refused)
        #expect(fixture.requests.isEmpty)
    }

    @Test func theSameFetchSucceedsWhenPrivateAddressesAreAllowed() async throws {
        let url = fixture.url("number.json", host: "rebind.test")
        let answer = try await answer(url, resolve: [fixture.resolve("rebind.test")]) {
            $0.hosts = ["rebind.test"]
            $0.allowPrivateAddresses = true
        }
        #expect(answer.value == 42)
        #expect(fixture.requests == ["/number.json"])
    }

    @Test(arguments: [
        "10.0.0.1", "172.16.0.1", "192.168.1.1", "100.64.0.1", "169.254.169.254", "0.0.0.0", "224.0.0.1",
        "255.255.255.255", "[::1]", "[fe80::1]", "[fc00::1]", "[::ffff:127.0.0.1]", "[::ffff:169.254.169.254]",
        "[ff02::1]", "[::]",
    ])
    func everyRefusedRangeIsRefusedAtConnectTime(address: String) async throws {
        // Timed on the fetching thread: a resumed await can wait behind the whole suite (see `eventuallyHere`).
        let (answer, seconds) = try await onOwnThread { () -> (LiveAnswer, Double) in
            let live = try makeLive(resolve: ["blocked.test:81:\(address)"]) {
                $0.allowPrivateAddresses = false
                $0.hosts = ["blocked.test"]
                $0.timeout = 30
            }
            let started = Date()
            return (
                try live.read(url: "http://blocked.test:81/x.json", query: "$.value"), Date().timeIntervalSince(started)
            )
        }
        let shown = address.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        #expect(answer.error?.kind == .refused, "\(answer)")
        #expect(answer.error?.message.contains("was refused: blocked.test is at \(shown), ") == true, "\(answer)")
        // Refused before a socket exists: no connection attempt, so no wait for the 30 s timeout either (an
        // unanswered SYN would wait for all of it; the bound is loose so a loaded machine does not fail it).
        #expect(seconds < 10, "\(seconds) s")
    }

    @Test(arguments: [
        ("0x7f.1", "127.0.0.1, a loopback address"), ("2130706433", "127.0.0.1, a loopback address"),
        ("0177.0.0.1", "127.0.0.1, a loopback address"), ("127.1", "127.0.0.1, a loopback address"),
        ("[::1]", "::1, a loopback address"), ("[::ffff:7f00:1]", "::ffff:127.0.0.1, a loopback address"),
        ("169.254.169.254", "169.254.169.254, a link-local (cloud metadata) address"),
        ("0xa9fea9fe", "169.254.169.254, a link-local"), ("10.1", "10.0.0.1, a private (RFC 1918) address"),
    ])
    func anIPLiteralInAnySpellingIsCheckedAsTheAddressBeforeAnyFetch(host: String, named: String) async throws {
        let url = "http://\(host):\(fixture.port)/number.json"
        let live = try makeLive {
            $0.allowPrivateAddresses = false
            $0.hosts = ["127.0.0.1", "::1", "169.254.169.254", "10.0.0.1"]
        }
        do {
            let source = try live.source(url: url, query: "$.value", maxQuery: nil, prometheus: nil, server: nil)
            Issue.record("accepted as \(String(describing: source))")
        } catch {
            #expect(error.isBadRequest)
            #expect(error.message.hasPrefix("url: \"\(url)\" names \(named)"), "\(error)")
        }
        #expect(live.counters.totalFetches == 0)
        #expect(fixture.requests.isEmpty)
    }

    @Test func aRedirectToALoopbackLiteralIsRefusedWhenPrivateAddressesAre() async throws {
        // The first hop is a configured source (trusted as the operator wrote it); the redirect is not.
        let target = fixture.url("number.json")
        let start = fixture.url("redirect?to=\(target)", host: "origin.test")
        let live = try makeLive(resolve: [fixture.resolve("origin.test")]) {
            $0.allowPrivateAddresses = false
            $0.hosts = ["127.0.0.1"]
            $0.sources = ["start": .init(url: start, query: "$.value")]
        }
        let answer = try await onOwnThread { try live.read(url: "start") }
        #expect(
            answer.error?.message
                == "url: start redirected to \(target), which names 127.0.0.1, a loopback address this server does not fetch"
        )
        #expect(fixture.requests.count == 1)
        #expect(fixture.requests.first?.hasPrefix("/redirect") == true)
    }

    @Test func aRedirectToAnAllowedNameAtALoopbackAddressIsRefusedAtConnect() async throws {
        let target = fixture.url("number.json", host: "inside.test")
        let start = fixture.url("redirect?to=\(target)", host: "origin.test")
        let live = try makeLive(resolve: [fixture.resolve("origin.test"), fixture.resolve("inside.test")]) {
            $0.allowPrivateAddresses = false
            $0.hosts = ["inside.test"]
            $0.sources = ["start": .init(url: start, query: "$.value")]
        }
        let answer = try await onOwnThread { try live.read(url: "start") }
        #expect(
            answer.error?.message
                == "url: start was refused: inside.test is at 127.0.0.1, a loopback address this server does not fetch")
        #expect(fixture.requests.count == 1)
    }

    @Test func aConfiguredSourceIsNamedNotShownInErrors() async throws {
        let live = try makeLive(resolve: [fixture.resolve("origin.test")]) {
            $0.allowPrivateAddresses = false
            $0.sources = ["secret": .init(url: self.fixture.url("status/404", host: "origin.test"), query: "$.v")]
        }
        let answer = try await onOwnThread { try live.read(url: "secret") }
        #expect(answer.error?.message == "url: secret answered 404")
    }

    @Test(arguments: [(3, "42"), (4, "url: URL redirected more than 3 times")])
    func atMostThreeRedirectsAreFollowed(hops: Int, expected: String) async throws {
        let url = fixture.url("chain/\(hops)")
        let answer = try await answer(url) {
            $0.allowPrivateAddresses = true
            $0.hosts = ["127.0.0.1"]
        }
        let shown = answer.value.map { String(Int($0)) } ?? answer.error?.message ?? ""
        #expect(shown == expected.replacingOccurrences(of: "URL", with: url))
    }

    @Test(arguments: [
        ("file:///etc/passwd", "has scheme file (accepted: http or https)"),
        ("gopher://127.0.0.1:70/", "has scheme gopher (accepted: http or https)"),
        ("http://evil.test/x.json", "names host evil.test, not allowed here (accepted: 127.0.0.1)"),
        ("http://user@127.0.0.1/x.json", "carries a user name or password (not accepted)"),
    ])
    func aRedirectIsCheckedAsARequestsURLIs(location: String, reason: String) async throws {
        let url = fixture.url("redirect?to=\(location)")
        let answer = try await answer(url) {
            $0.allowPrivateAddresses = true
            $0.hosts = ["127.0.0.1"]
        }
        #expect(answer.error?.message == "url: \(url) redirected to \(location), which \(reason)")
        #expect(answer.error?.kind == .refused)
        #expect(fixture.requests.count == 1)
    }

    @Test func aRelativeRedirectIsFollowed() async throws {
        let answer = try await answer(fixture.url("redirect?to=/number.json&code=307")) {
            $0.allowPrivateAddresses = true
            $0.hosts = ["127.0.0.1"]
        }
        #expect(answer.value == 42)
    }
}
