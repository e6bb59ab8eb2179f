import Dispatch
import Foundation
import LiveValues
import Locking
import TestSupport
import Testing
import TokenIssuers

/// When an issuer's keys are fetched, on a clock the test moves: once for the first token, not for later ones, again
/// for a key id the set lacks only a minute after the last fetch, again for any token once the set is an hour old;
/// a fetch that fails keeps the keys held.
@Suite(.serialized)
final class IssuerKeysTests {
    final class ManualClock: LiveClock, Sendable {
        let time = Lock(0.0)
        func now() -> Double { time.withLock { $0 } }
        func set(_ seconds: Double) { time.withLock { $0 = seconds } }
    }

    let issuer: TestIssuer
    let clock = ManualClock()
    let fetches = Lock(0)
    let failing = Lock(false)
    let issuers: OIDCIssuers
    let settings: IssuerSettings

    init() throws {
        issuer = try TestIssuer()
        settings = IssuerSettings(
            issuer: issuer.url, audience: "https://rings.test",
            grants: [ClaimGrant(pattern: "coverage", claims: [("repository", ["acme/widgets"])])])
        let document = try JSONSerialization.data(withJSONObject: ["keys": [issuer.rsa.jwk, issuer.ec.jwk]])
        let (fetches, failing) = (fetches, failing)
        issuers = OIDCIssuers(
            [settings], clock: clock, wallClock: { Date().timeIntervalSince1970 }, report: { _, _ in },
            fetch: { _ in
                {
                    fetches.withLock { $0 += 1 }
                    return failing.withLock { $0 } ? .failure("the issuer is down") : KeySet.parse(Array(document))
                }
            })
    }

    deinit { issuer.stop() }

    /// The outcome, waited for when the check has to fetch; `waited` says whether it did.
    func check(_ token: String, with issuers: OIDCIssuers? = nil) -> (outcome: String, waited: Bool) {
        switch (issuers ?? self.issuers).check(token: Array(token.utf8), name: "coverage") {
        case .allowed: return ("allowed", false)
        case .refused(let refusal): return (refusal.message, false)
        case .pending(let finish):
            let done = DispatchSemaphore(value: 0)
            let result = Lock("")
            finish { outcome in
                switch outcome {
                case .allowed: result.withLock { $0 = "allowed" }
                case .refused(let refusal): result.withLock { $0 = refusal.message }
                case .pending: result.withLock { $0 = "pending again" }
                }
                done.signal()
            }
            done.wait()
            return (result.withLock { $0 }, true)
        }
    }

    @Test func keysAreFetchedWhenNeededAndNoMoreOftenThanAMinute() throws {
        let claims = issuer.claims(audience: "https://rings.test")
        let good = try issuer.token(claims, key: issuer.rsa)
        let unknown = try issuer.token(claims, key: issuer.rsa, header: ["kid": "rsa-2"])
        let unknownSentence = "the token's key (kid \"rsa-2\") is not in its issuer's key set"

        #expect(check(good) == ("allowed", true))
        clock.set(10)
        #expect(check(try issuer.token(claims, key: issuer.ec)) == ("allowed", false))
        #expect(check(unknown) == (unknownSentence, false))
        #expect(fetches.withLock { $0 } == 1)

        clock.set(70)
        #expect(check(unknown) == (unknownSentence, true))
        #expect(check(unknown) == (unknownSentence, false))
        #expect(fetches.withLock { $0 } == 2)

        clock.set(3700)
        #expect(check(good) == ("allowed", true))
        #expect(fetches.withLock { $0 } == 3)

        failing.withLock { $0 = true }
        clock.set(7400)
        #expect(check(good) == ("allowed", true))
        #expect(check(good) == ("allowed", false))
        #expect(fetches.withLock { $0 } == 4)
    }

    @Test func withoutAnyKeysTheIssuerIsUnavailableNotTheTokenBad() throws {
        failing.withLock { $0 = true }
        let token = try issuer.token(issuer.claims(audience: "https://rings.test"), key: issuer.ec)
        let sentence = "the keys of the token's issuer could not be fetched; try again in a minute"
        #expect(check(token) == (sentence, true))
        #expect(check(token) == (sentence, false))
        #expect(fetches.withLock { $0 } == 1)
    }

    /// A reload's issuers keep the keys of an issuer whose settings did not change (no fetch for nothing); a changed
    /// issuer fetches its keys again, and one left out is no longer trusted.
    @Test func reloadedIssuersKeepTheKeysOfAnUnchangedIssuer() throws {
        let claims = issuer.claims(audience: "https://rings.test")
        let good = try issuer.token(claims, key: issuer.rsa)
        #expect(check(good) == ("allowed", true))
        #expect(check(good, with: issuers.replacing(with: [settings])) == ("allowed", false))
        #expect(fetches.withLock { $0 } == 1)

        var changed = settings
        changed.audience = "https://other.test"
        let other = try issuer.token(issuer.claims(audience: "https://other.test"), key: issuer.rsa)
        #expect(check(other, with: issuers.replacing(with: [changed])) == ("allowed", true))
        #expect(fetches.withLock { $0 } == 2)

        let none = issuers.replacing(with: [])
        #expect(check(good, with: none).outcome.contains("is not one this server trusts"))
    }
}
