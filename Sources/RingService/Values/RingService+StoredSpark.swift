import HTTPServer
import RingKit
import StoredValues

extension RingService {
    /// A sparkline of a stored value (`/spark.svg?value=@name&window=30d`): the name's history over the window,
    /// thinned to the line's width (`SparkHistory`), written into the request as `points` (and the record's `max`
    /// where the URL gives none), so it is byte for byte the sparkline of the same points in the URL, cached by them:
    /// an unchanged history keeps its ETag, a push (or a point leaving the window) makes a new one.
    func storedSpark(
        _ request: HTTPRequest, _ drawing: Drawing.Request, _ known: StoredTargetEntry,
        _ spark: (window: Int64, bound: Int, shares: Bool), format: ImageFormat, varyAccept: Bool
    ) -> ServiceAnswer {
        var entry = known
        let target = entry.target
        let record: StoredRecord
        let records: [StoredRecord]
        switch storedRecords(target) {
        case .failure(let error): return storedRefusal(error, drawing, format: format, varyAccept: varyAccept)
        case .success(let read): (record, records) = (read[0], read)
        }
        let now = wallClock()
        // Every push changes the record: while it stays and no point has left the window, so do the points, and a
        // hit costs no walk through the history.
        if let last = entry.shown, last.records == records, now <= last.validUntil {
            return storedAnswer(request, drawing, last, format: format, varyAccept: varyAccept)
        }
        // A history older than the window still has its current value: a sparkline of one point.
        let history = store?.history(record.name, since: now - spark.window) ?? []
        let points =
            history.isEmpty
            ? [StoredPoint(sequence: 0, time: record.time, value: record.value, max: record.max)] : history
        let values: [Double]
        let max: Double?
        if spark.shares {
            // Each point against its own max (the suite grew: 40 of 42, then 45 of 50), on a scale up to 100.
            (values, max) = (points.map { SparkHistory.share($0.value, of: $0.max) }, 100)
        } else {
            (values, max) = (points.map(\.value), record.max)
        }
        let newest = history.last?.time ?? record.time
        let (resolved, text) = target.resolvedSpark(
            points: SparkHistory.points(values, atMost: spark.bound), max: max, others: records.dropFirst(),
            previous: target.comparedValue(in: records))
        let alias = request.target + "\n" + text
        let validUntil = history.map(\.time).min().map { $0 + spark.window } ?? .max
        var shown: StoredShown
        if let last = entry.shown, last.alias == alias {
            shown = last
        } else {
            var headers = storedHeaders
            for field in HTTPHeaders.valueTime(milliseconds: newest) { headers.append(field.name, field.value) }
            shown = StoredShown(
                records: records, previous: nil, request: resolved, alias: alias, headers: headers)
        }
        // The line is as old as its last point.
        (shown.oldest, shown.newest, shown.writes) = (record.time, record.time, target.writes)
        shown.staleAt = target.staleAfter.map { record.time + $0 }
        shown.records = records
        shown.validUntil = validUntil
        entry.shown = shown
        storedTargets.remember(entry, for: request.target)
        return storedAnswer(request, drawing, shown, format: format, varyAccept: varyAccept)
    }
}
