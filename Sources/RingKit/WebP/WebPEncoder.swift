import CWebP

/// Writes a drawn image as lossless WebP through libwebp: the PNG's pixels, in fewer bytes.
package enum WebPEncoder {
    /// libwebp's lossless effort the product uses: `method` (0…6) and `quality` (0…100, for lossless the effort spent
    /// on the entropy codes); `ring-bench --formats` measures the others (docs/benchmarks.md, "GIF and WebP").
    package static let method: Int32 = 1
    package static let quality: Float = 75

    /// The lossless WebP of `image` at libwebp's `method` and `quality`.
    package static func encode(
        _ image: RGBAImage, method: Int32 = method, quality: Float = quality
    ) throws(RenderError) -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw RenderError("WebP encoding: libwebp refused its configuration")
        }
        config.lossless = 1
        config.method = method
        config.quality = quality
        // The drawn colors under clear pixels are no part of the image: libwebp may change them to save bytes.
        config.exact = 0
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RenderError("WebP encoding: libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        let imported = image.bytes.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else { throw RenderError("WebP encoding: out of memory (\(image.width)×\(image.height))") }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { pointer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(pointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let memory = writer.mem else {
            throw RenderError(
                "WebP encoding failed (\(image.width)×\(image.height), error \(picture.error_code.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: memory, count: writer.size))
    }
}
