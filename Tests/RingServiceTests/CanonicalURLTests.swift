import Foundation
import Testing

@testable import RingService

/// The canonical text a URL signature covers (`CanonicalURL`), the keyed HMAC that signs it (`HMACKey`) and the
/// signing parameters read from a query (`SigningParameters`).
struct CanonicalURLTests {
    func text(_ path: String, _ query: String) -> String {
        String(decoding: CanonicalURL.message(path: Substring(path), query: Substring(query)), as: UTF8.self)
    }

    /// Parameters are sorted by name, then value; `sig` is left out; `exp` and `key` are signed like the rest.
    @Test func parametersAreSortedAndSigIsLeftOut() {
        #expect(
            text("/ring.svg", "value=%40internal.sla&size=64&key=k&exp=1900000000&sig=abc")
                == "/ring.svg\nexp=1900000000&key=k&size=64&value=%40internal.sla")
        // A name that is a prefix of another sorts first; equal names sort by value.
        #expect(text("/ring.svg", "ab=1&a=2&a=1&a-b=3") == "/ring.svg\na=1&a=2&a-b=3&ab=1")
    }

    /// Any order and any percent-encoding of the same names and values is one text.
    @Test(arguments: [
        "value=72&color=%23ff0000&label=a b",
        "color=%23ff0000&label=a+b&value=72",
        "label=a%20b&%76alue=%37%32&color=%23ff0000",
        "&&color=%23ff0000&&value=72&label=a%20b&",
        "%63olor=%23%66f0000&label=a%20b&value=72",
    ])
    func orderAndEncodingDoNotMatter(query: String) {
        #expect(text("/ring.svg", query) == "/ring.svg\ncolor=%23ff0000&label=a%20b&value=72")
    }

    /// Decoding is the server's: `+` is a space in the query and a plus in the path, a lone `%` is a `%`, a name
    /// without `=` has the empty value, and bytes beyond ASCII are written as upper-case escapes.
    @Test func decodingIsTheServers() {
        #expect(text("/badge/a+b/72%.svg", "") == "/badge/a%2Bb/72%25.svg\n")
        #expect(text("/badge/a%2Bb/72%25.svg", "") == "/badge/a%2Bb/72%25.svg\n")
        #expect(text("/ring.svg", "label=%zz+%2B&flag") == "/ring.svg\nflag=&label=%25zz%20%2B")
        #expect(text("/ring.svg", "label=été") == "/ring.svg\nlabel=%C3%A9t%C3%A9")
        #expect(text("/ring.svg", "label=%c3%a9t%C3%A9") == "/ring.svg\nlabel=%C3%A9t%C3%A9")
        // `%2F` in a path segment stays inside the segment; the segments are not joined into one.
        #expect(text("/badge/a%2Fb/1.svg", "") == "/badge/a%2Fb/1.svg\n")
    }

    /// Texts that mean different images differ: the path, the format and every value are covered.
    @Test func differentImagesHaveDifferentTexts() {
        let base = text("/ring.svg", "value=72")
        #expect(text("/ring.png", "value=72") != base)
        #expect(text("/bar.svg", "value=72") != base)
        #expect(text("/ring.svg", "value=73") != base)
        #expect(text("/ring.svg", "value=72&size=64") != base)
        #expect(text("/ring/72.svg", "") != base)
    }

    /// The keyed HMAC gives RFC 4231's results (short, long and over-long keys) and the one-shot helper's.
    @Test func keyedHMACMatchesRFC4231() {
        func hex(_ key: [UInt8], _ message: String) -> String {
            PercentHex.text(HMACKey(key).authenticate(Array(message.utf8)))
        }
        #expect(
            hex([UInt8](repeating: 0x0b, count: 20), "Hi There")
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            hex(Array("Jefe".utf8), "what do ya want for nothing?")
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            hex([UInt8](repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First")
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        let key = Array("a key of exactly sixty-four bytes, one SHA-256 block, no more...".utf8)
        #expect(key.count == 64)
        #expect(
            hex(key, "/ring.svg\nvalue=1") == PercentHex.text(SHA256.hmac(key: key, Array("/ring.svg\nvalue=1".utf8))))
    }

    /// `sig`, `exp` and `key` are found however their names are encoded, and the rest of the query is kept as sent.
    @Test func signingParametersAreReadAndStripped() {
        let plain = SigningParameters(query: "value=72&size=64")
        #expect(!plain.any && plain.sig == nil)
        let given = SigningParameters(query: "value=%40x&%73ig=AB&exp=12&size=64&key=k%2Bl")
        #expect(given.sig == "AB" && given.exp == "12" && given.key == "k+l")
        #expect(given.remaining == "value=%40x&size=64")
        #expect(given.repeated == nil)
        #expect(SigningParameters(query: "sig=1&sig=2").repeated == "sig")
        #expect(SigningParameters(query: "sig=1").remaining == "")
        // Names that merely look alike are parameters like any other.
        #expect(!SigningParameters(query: "sigs=1&ex=2&keys=3&Sig=4").any)
        // The quick look that spares unsigned URLs the reading finds every form the reading finds.
        for query in ["a=1&sig=2", "sig", "exp=1", "a=1&key", "%73ig=1", "a=%20&k%65y=2", "value=1&sig=&b"] {
            #expect(SigningParameters.mayBePresent(in: Substring(query)), "\(query)")
        }
        for query in ["", "value=72&size=64", "sigs=1&ex=2&keys=3&Sig=4", "a=sig&b=exp", "label=%20key"] {
            #expect(!SigningParameters.mayBePresent(in: Substring(query)), "\(query)")
        }
    }
}
