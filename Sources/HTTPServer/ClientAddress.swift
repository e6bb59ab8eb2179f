import CSystem

/// The address a connection comes from (its peer, as the kernel reports it), for logs and per-client decisions.
/// IPv4 or IPv6; an IPv4 client of a dual-stack listener is written as IPv6 (`::ffff:127.0.0.1`), as it arrived.
/// Held in two words, so a connection's address costs no allocation.
public struct ClientAddress: Sendable, Hashable, CustomStringConvertible {
    private let high: UInt64
    private let low: UInt64
    private let isIPv4: Bool

    /// 4 bytes (IPv4) or 16 (IPv6), big-endian as on the wire; nil for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        var padded = bytes + [UInt8](repeating: 0, count: 16 - bytes.count)
        high = padded.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self) }
        low = padded.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
        isIPv4 = bytes.count == 4
        padded.removeAll()
    }

    /// The peer of connected socket `fd`, or nil (not a TCP socket, or no longer connected).
    init?(peerOf fd: Int32) {
        var words: (UInt64, UInt64) = (0, 0)
        let length = withUnsafeMutableBytes(of: &words) {
            Int(pr_peer_address(fd, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)))
        }
        guard length == 4 || length == 16 else { return nil }
        (high, low, isIPv4) = (words.0, words.1, length == 4)
    }

    /// What a client's share of the server is counted under (its turn for a worker, its queue, its rate): the
    /// address itself for IPv4 and for IPv4 mapped into IPv6, the /64 for any other IPv6 address, a host's usual
    /// allocation, so that one host cannot take a new share with each of its 2^64 addresses.
    public var share: ClientAddress {
        // `high` and `low` hold the bytes as on the wire: mapped is ::ffff:0:0/96, bytes 8…11 being 00 00 ff ff.
        let mapped = high == 0 && UInt64(bigEndian: low) >> 32 == 0xffff
        return isIPv4 || mapped ? self : ClientAddress(high: high, low: 0, isIPv4: false)
    }

    private init(high: UInt64, low: UInt64, isIPv4: Bool) {
        (self.high, self.low, self.isIPv4) = (high, low, isIPv4)
    }

    /// The address's bytes: 4 for IPv4, 16 for IPv6.
    public var bytes: [UInt8] {
        var all = [UInt8](repeating: 0, count: 16)
        all.withUnsafeMutableBytes {
            $0.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            $0.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
        }
        return Array(all.prefix(isIPv4 ? 4 : 16))
    }

    /// `127.0.0.1`, `2001:db8::1`.
    public var description: String {
        var text = ""
        withText { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// The address's text, as `description` writes it, lent to `body` from the stack: an access line writes it
    /// on every request, where building a string would cost more than writing it. Not generic, so a caller in
    /// another module calls it without the runtime looking up a specialization.
    public func withText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var words = (high, low)
        // inet_ntop's longest text, 45 bytes and the NUL, fits.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { text in
            let length = withUnsafeBytes(of: &words) { address in
                Int(
                    pr_address_text(
                        address.baseAddress!.assumingMemoryBound(to: UInt8.self), isIPv4 ? 4 : 16, text.baseAddress,
                        Int32(text.count)))
            }
            guard length > 0 else {
                var unknown = "unknown"
                return unknown.withUTF8(body)
            }
            text.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: length) {
                body(UnsafeBufferPointer(start: $0, count: length))
            }
        }
    }
}
