import CWebP

/// Writes a drawn image as lossless WebP through libwebp: the PNG's pixels, in fewer bytes.
package enum WebPEncoder {
    /// libwebp's lossless effort (`WebPConfigLosslessPreset`, 0…9: method and quality together) the product uses;
    /// `ring-bench --webp` measures every level (docs/benchmarks.md, "WebP").
    package static let level: Int32 = 6

    /// The lossless WebP of `image` at libwebp's preset `level`.
    package static func encode(_ image: RGBAImage, level: Int32 = level) throws(RenderError) -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0, WebPConfigLosslessPreset(&config, level) != 0 else {
            throw RenderError("WebP encoding: libwebp refused its configuration")
        }
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
