import Foundation
import Testing

@testable import RingService

/// `urlKeys`, `privateValues` and `requireSignature` as settings: secrets read from a file or the environment at
/// load, never written back or shown; each bad setting refused by name, with no secret in the message.
struct URLKeySettingsTests {
    static let secret = "0123456789abcdef0123456789abcdef-from-the-environment"

    @Test func secretsAreReadFromTheEnvironmentAndFiles() throws {
        let path = NSTemporaryDirectory() + "url-key-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("a secret of thirty-two bytes or more, in a file\n".utf8).write(to: URL(fileURLWithPath: path))
        let options = try ServiceConfiguration.load(
            arguments: ["--private-values", "internal.*, ops.sla", "--require-signature", "true"],
            environment: [
                "PROGRESS_RINGS_URL_KEYS": #"{"web": "env:RINGS_WEB_KEY", "mail": "file:\#(path)"}"#,
                "RINGS_WEB_KEY": Self.secret,
            ])
        let signing = options.configuration.signing
        #expect(signing.keys.map(\.name) == ["mail", "web"])
        // The file's final line break is no part of the secret.
        #expect(signing.keys[0].secret == Array("a secret of thirty-two bytes or more, in a file".utf8))
        #expect(signing.keys[1].secret == Array(Self.secret.utf8))
        #expect(signing.privateValues == ["internal.*", "ops.sla"])
        #expect(signing.requireSignature)
        // The settings as printed name where the secrets are, never what they are.
        let printed = options.configuration.documentedJSON
        #expect(printed.contains(#""web": "env:RINGS_WEB_KEY""#))
        #expect(!printed.contains(Self.secret) && !printed.contains("in a file"))
        #expect(!"\(signing)".contains(Self.secret) && !"\(signing.keys)".contains(Self.secret))
    }

    @Test(
        arguments: [
            (
                [:], #"{"web": "s3cr3t"}"#,
                "urlKeys: the value is not accepted (from PROGRESS_RINGS_URL_KEYS): \"web\": the secret's source is not"
            ),
            ([:], #"{"w b": "env:X"}"#, "\"w b\" is not a key name"),
            ([:], #"{"web": "env:PROGRESS_RINGS_KEY"}"#, "start with PROGRESS_RINGS_"),
            ([:], #"{"web": "env:RINGS_NONE"}"#, "urlKeys: \"web\": the environment variable RINGS_NONE is not set"),
            ([:], #"{"web": "file:/nonexistent/key"}"#, "urlKeys: \"web\": cannot read the file"),
            (["RINGS_SHORT": "short"], #"{"web": "env:RINGS_SHORT"}"#, "is 5 bytes; at least 32 are needed"),
        ] as [([String: String], String, String)])
    func badKeysAreRefusedByName(environment: [String: String], keys: String, message: String) {
        var environment = environment
        environment["PROGRESS_RINGS_URL_KEYS"] = keys
        #expect {
            _ = try ServiceConfiguration.load(arguments: [], environment: environment)
        } throws: { error in
            let text = (error as? ConfigurationError)?.message ?? ""
            return text.contains(message) && !text.contains("s3cr3t") && !text.contains("short\"")
        }
    }

    @Test func requireSignatureNeedsAKeyAndPatternsAreChecked() {
        #expect {
            _ = try ServiceConfiguration.load(arguments: ["--require-signature", "true"], environment: [:])
        } throws: { error in
            (error as? ConfigurationError)?.message.hasPrefix("requireSignature: true needs urlKeys") == true
        }
        #expect {
            _ = try ServiceConfiguration.load(arguments: ["--private-values", "a b"], environment: [:])
        } throws: { error in
            (error as? ConfigurationError)?.message.hasPrefix("privateValues: \"a b\" is not a name pattern") == true
        }
    }
}
