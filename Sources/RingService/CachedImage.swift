import HTTPServer

/// A rendered image as the cache holds it: the complete 200 response and the prepared 304, both serialized,
/// so a hit answers without formatting or allocating.
struct CachedImage: Sendable {
    let ok: HTTPResponse
    let notModified: HTTPResponse
    let etag: String

    /// Bytes this entry holds, counted against the cache's bound.
    var cost: Int { ok.head.count + ok.body.count + notModified.head.count + etag.utf8.count + 160 }
}
