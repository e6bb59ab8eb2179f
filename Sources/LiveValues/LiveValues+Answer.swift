import FoundationEssentials
import StrictJSON

extension LiveValues {
    /// What `source` reads out of an answer with `status` and `body`, as if its fetch had brought them (and, for a
    /// source with a max query, `maxBody` as that query's answer with status 200, and for a `trend` source
    /// `previousBody` as the answer of the query `trend` ago), without a fetch, the cache or the counters: the seam
    /// the live-source fuzzer reads every shape of answer through.
    package func read(
        _ source: LiveSource, status: Int, body: [UInt8], maxBody: [UInt8]? = nil, previousBody: [UInt8]? = nil
    ) -> Result<LiveReading, LiveError> {
        let url = source.document.url
        let fetched = Result<CurlFetcher.Response, CurlFetcher.Failure>.success(
            .init(status: status, body: body, url: url))
        let fetchedMax = maxBody.map {
            Result<CurlFetcher.Response, CurlFetcher.Failure>.success(.init(status: 200, body: $0, url: url))
        }
        var parsed: JSONValue?
        if case .json = source.document.kind, (200..<300).contains(status) { parsed = JSONReading.document(body) }
        let fetchedPrevious = previousBody.map {
            Result<CurlFetcher.Response, CurlFetcher.Failure>.success(.init(status: 200, body: $0, url: url))
        }
        return withPrevious(reading(source, fetched, fetchedMax, parsed, Date()), source, fetchedPrevious)
    }
}
