import Testing

@testable import HTTPServer

/// A connection's peer, as logs write it.
struct ClientAddressTests {
    @Test func addressesAreWrittenAsInetNtopWritesThem() throws {
        #expect(try #require(ClientAddress(bytes: [127, 0, 0, 1])).description == "127.0.0.1")
        let six = try #require(ClientAddress(bytes: [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [1]))
        #expect(six.description == "2001:db8::1")
        #expect(six.bytes.count == 16 && ClientAddress(bytes: six.bytes) == six)
        #expect(ClientAddress(bytes: [1, 2, 3]) == nil)
        #expect(ClientAddress(bytes: [10, 0, 0, 1]) != ClientAddress(bytes: [10, 0, 0, 2]))
    }

    @Test func aSocketThatIsNotConnectedHasNoPeer() {
        #expect(ClientAddress(peerOf: -1) == nil)
    }
}
