import CGif

/// Collects what giflib writes.
final class GIFByteSink {
    var bytes: [UInt8] = []

    static let write: OutputFunc = { gif, data, length in
        guard let gif, let data, length > 0 else { return 0 }
        let sink = Unmanaged<GIFByteSink>.fromOpaque(gif.pointee.UserData).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return length
    }
}
