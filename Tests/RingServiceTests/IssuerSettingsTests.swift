import Testing
import TokenIssuers

@testable import RingService

/// `valueIssuers` and `valueTokens` as an operator writes them: read into settings that print back as written, and
/// each mistake refused at start-up with a sentence naming the setting and what is wrong.
struct IssuerSettingsTests {
    static let digestA = "sha256:" + String(repeating: "a", count: 64)
    static let digestB = "sha256:" + String(repeating: "b", count: 64)

    @Test func issuersAndDigestListsAreReadAndPrintBack() throws {
        let issuers = """
            {"https://token.actions.githubusercontent.com": {"audience": "https://rings.example.com",
              "names": {"coverage": {"repository": "acme/widgets", "ref": ["refs/heads/main", "refs/tags/v*"]}}}}
            """
        let options = try ServiceConfiguration.load(
            arguments: ["--value-issuers", issuers],
            environment: ["PROGRESS_RINGS_VALUE_TOKENS": #"{"ci.*": ["\#(Self.digestA)", "\#(Self.digestB)"]}"#])
        let values = options.configuration.values
        #expect(values.tokens == ["ci.*": [Self.digestA, Self.digestB]])
        #expect(values.isEnabled)
        let issuer = try #require(values.issuers.first)
        #expect(issuer.issuer == "https://token.actions.githubusercontent.com")
        #expect(issuer.grants.map(\.pattern) == ["coverage"])
        #expect(issuer.grants[0].claims.map(\.accepted) == [["acme/widgets"], ["refs/heads/main", "refs/tags/v*"]])
        #expect(
            IssuerSettings.json(values.issuers).json
                == #"{"https://token.actions.githubusercontent.com": {"audience": "https://rings.example.com", "#
                + #""names": {"coverage": {"repository": "acme/widgets", "ref": ["refs/heads/main", "refs/tags/v*"]}}}}"#
        )
        #expect(ValueTokens(values.tokens).grants.count == 2)
    }

    /// An issuer alone turns stored values on: a project may keep no static token at all.
    @Test func anIssuerAloneTurnsStoredValuesOn() throws {
        var values = ValueSettings()
        #expect(!values.isEnabled)
        values.issuers = [
            IssuerSettings(
                issuer: "https://gitlab.com", audience: "a",
                grants: [ClaimGrant(pattern: "x", claims: [("ref", ["main"])])])
        ]
        #expect(values.isEnabled)
    }

    @Test(arguments: [
        (#"{"http://gitlab.com": {}}"#, "\"http://gitlab.com\": not an https:// URL"),
        (#"{"https://gitlab.com": {"names": {"a": {"ref": "main"}}}}"#, "audience is not a non-empty string"),
        (#"{"https://gitlab.com": {"audience": "a"}}"#, "names is not an object of value-name pattern"),
        (#"{"https://gitlab.com": {"audience": "a", "names": {"a": {}}}}"#, "a grant with no claim"),
        (#"{"https://gitlab.com": {"audience": "a", "names": {"a": {"ref": "**"}}}}"#, "\"**\" matches anything"),
        (#"{"https://gitlab.com": {"audience": "a", "names": {"a": {"aud": "x"}}}}"#, "\"aud\" is checked by the"),
        (#"{"https://gitlab.com": {"audience": "a", "names": {"a": {"ref": 1}}}}"#, "is not a string or an array"),
        (#"{"https://gitlab.com": {"audience": "a", "names": {"A": {"ref": "x"}}}}"#, "\"A\" is not a name pattern"),
        (
            #"{"https://gitlab.com": {"audience": "a", "jwksURL": "http://x/k", "names": {"a": {"ref": "x"}}}}"#,
            "jwksURL is not an https:// URL"
        ),
        (
            #"{"https://gitlab.com": {"audience": "a", "caFile": "/nonexistent/ca.pem", "names": {"a": {"ref": "x"}}}}"#,
            "caFile \"/nonexistent/ca.pem\" cannot be read"
        ),
        (
            #"{"https://gitlab.com": {"audience": "a", "audiences": [], "names": {"a": {"ref": "x"}}}}"#,
            "\"audiences\" is not a member"
        ),
    ])
    func aBadIssuerStopsStartUpSayingWhy(json: String, says: String) {
        #expect {
            _ = try ServiceConfiguration.load(arguments: ["--value-issuers", json], environment: [:])
        } throws: { error in
            let message = (error as? ConfigurationError)?.message ?? ""
            return message.hasPrefix("valueIssuers: ") && message.contains(says)
        }
    }

    @Test func aDigestListWithABadEntryIsRefused() {
        #expect {
            _ = try ServiceConfiguration.load(
                arguments: ["--value-tokens", #"{"ci.*": ["\#(Self.digestA)", "sha256:12"]}"#], environment: [:])
        } throws: { error in
            ((error as? ConfigurationError)?.message ?? "").contains("is not \"sha256:\" and 64 hex digits, or a list")
        }
    }
}
