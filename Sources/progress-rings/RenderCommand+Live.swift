import FoundationEssentials
import LiveValues
import RingKit
import RingService

extension RenderCommand {
    /// The drawing `options` ask for. A query that names a live value (`url=`, `prometheus=`) reads it first, with
    /// the live settings of `--config FILE` (or `PROGRESS_RINGS_…`) for named sources, Prometheus servers, the CA
    /// file and the timeouts. Any host and any address may be named here: the user of the command line fetches on
    /// their own behalf, not a stranger's.
    static func drawing(for options: Options) -> Result<Drawing, Failure> {
        let request = Drawing.Request(kind: options.kind, query: Substring(options.query))
        var live: LiveValues? = nil
        if LiveTarget.mayNameLiveValue(request.query) {
            do {
                live = try liveValues(config: options.config)
            } catch {
                return .failure(Failure(status: .usage, message: error.message))
            }
        }
        switch LiveTarget.resolve(request, live: live) {
        case nil:
            break
        case .failure(let error)?:
            return .failure(Failure(status: .usage, message: error.message))
        case .success(let target)?:
            guard let live else { break }
            let reading: LiveReading
            switch live.fetch(target.source) {
            case .fresh(let read, _), .stale(let read, _): reading = read
            case .failed(let error): return .failure(Failure(status: .failure, message: error.message))
            }
            return target.drawing(showing: reading, request, parse: Drawing.parse).mapError {
                Failure(status: .usage, message: $0.message)
            }
        }
        do {
            return .success(try Drawing.parse(request))
        } catch {
            return .failure(Failure(status: .usage, message: error.message))
        }
    }

    struct Failure: Error {
        let status: ExitStatus
        let message: String
    }

    private static func liveValues(config: String?) throws(ConfigurationError) -> LiveValues {
        var settings = try ServiceConfiguration.load(
            arguments: config.map { ["--config", $0] } ?? [], environment: ProcessInfo.processInfo.environment
        ).configuration.live
        settings.allowsAnyHost = true
        settings.allowPrivateAddresses = true
        do {
            return try LiveValues(settings: settings, version: ProgressRingsVersion.current)
        } catch {
            throw ConfigurationError(error.message)
        }
    }
}
