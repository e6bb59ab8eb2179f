import CCurl

/// The state of one libcurl transfer that its C callbacks reach through their user pointer: the body read so far,
/// its bound, the address check, and libcurl's error buffer. Used by one thread for one `curl_easy_perform`.
final class CurlTransfer {
    let maxBytes: Int
    /// Whether to refuse non-public addresses when connecting (see `AddressPolicy`).
    let checksAddresses: Bool
    var body: [UInt8] = []
    /// Set when the body grew past `maxBytes` and the write callback stopped the transfer.
    var tooLarge = false
    /// The address refused at connect time and why, when the check stopped a connection.
    var refused: (address: IPAddress, range: String)?
    /// CURLOPT_ERRORBUFFER: libcurl's sentence about a failure, more precise than the code's.
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    init(maxBytes: Int, checksAddresses: Bool) {
        self.maxBytes = maxBytes
        self.checksAddresses = checksAddresses
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit { errorBuffer.deallocate() }

    /// libcurl's own sentence about the failure (the error buffer), shortened and escaped: it can quote a
    /// certificate's subject, which the upstream chose. Empty when libcurl wrote none.
    var detail: String { LiveText.shown(String(cString: errorBuffer), limit: 120) }

    /// CURLOPT_WRITEFUNCTION: appends the bytes, or stops the transfer (returns 0) once they pass the bound.
    static let write: curl_write_callback = { data, size, count, user in
        guard let user, let data else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        let length = size * count
        guard transfer.body.count + length <= transfer.maxBytes else {
            transfer.tooLarge = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            transfer.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
        }
        return length
    }

    /// CURLOPT_OPENSOCKETFUNCTION: libcurl calls it with the very address it is about to connect to, after DNS,
    /// for every address it tries; a refused one gets no socket, so no packet is ever sent to it.
    static let openSocket: curl_opensocket_callback = { user, _, address in
        guard let user, let address else { return CURL_SOCKET_BAD }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        if transfer.checksAddresses {
            var raw = [UInt8](repeating: 0, count: 16)
            let family = pr_curl_socket_address(address, &raw)
            let ip: IPAddress? =
                family == AF_INET ? IPAddress(bytes: raw[0..<4]) : family == AF_INET6 ? IPAddress(bytes: raw) : nil
            guard let ip else { return CURL_SOCKET_BAD }
            if let range = AddressPolicy.refusedRange(ip) {
                transfer.refused = (ip, range)
                return CURL_SOCKET_BAD
            }
        }
        return pr_curl_open_socket(address)
    }
}
