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
        if request.query.contains("logo") {
            // Named logos from the settings' logoDirectory (`--config FILE`, PROGRESS_RINGS_LOGO_DIRECTORY); a
            // directory that cannot be read leaves the slugs refused with a message that names it.
            if let directory = try? configuration(config: options.config).logoDirectory {
                _ = try? LogoCatalog.shared.load(directory: directory)
            }
        }
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

    /// The settings of `--config FILE` and `PROGRESS_RINGS_…` variables.
    private static func configuration(config: String?) throws(ConfigurationError) -> ServiceConfiguration {
        try ServiceConfiguration.load(
            arguments: config.map { ["--config", $0] } ?? [], environment: ProcessInfo.processInfo.environment
        ).configuration
    }

    private static func liveValues(config: String?) throws(ConfigurationError) -> LiveValues {
        var settings = try configuration(config: config).live
        settings.allowsAnyHost = true
        // The command's user sends Prometheus their own queries, as they could with curl.
        settings.promQL = .any
        settings.allowPrivateAddresses = true
        do {
            return try LiveValues(settings: settings, version: ProgressRingsVersion.current)
        } catch {
            throw ConfigurationError(error.message)
        }
    }
}
