import Dispatch
import HTTPServer
import Locking
import RingKit

@testable import RingService

/// A service with its log off, configured by the test, drawing through `renderer`.
func makeService(
    renderer: any Renderer = RingKitRenderer(), _ change: (inout ServiceConfiguration) -> Void = { _ in }
) -> RingService {
    var config = ServiceConfiguration()
    config.logFormat = .off
    change(&config)
    return RingService(configuration: config, log: ServiceLog(format: .off, level: .info), renderer: renderer)
}

/// A service with its log off that stores values in an SQLite file in `folder`, the names of `pattern` writable with
/// `token`; `change` adjusts the rest of its settings.
func makeStoredService(
    folder: String, token: String, pattern: String = "*", _ change: (inout ServiceConfiguration) -> Void = { _ in }
) throws -> RingService {
    var config = ServiceConfiguration()
    config.logFormat = .off
    config.values.store = folder + "/values.db"
    config.values.tokens = [pattern: [RingService.valueTokenDigest(Array(token.utf8))]]
    change(&config)
    return try RingService(configuration: config, log: ServiceLog(format: .off, level: .info))
}

extension RingService {
    /// Pushes `body` to `/values/{name}` with `token`, as a CI job does; the response is the service's.
    func push(_ name: String, _ body: String, token: String) -> HTTPResponse {
        let headers: HTTPHeaders = ["Content-Length": "\(body.utf8.count)", "Authorization": "Bearer " + token]
        return response(
            to: HTTPRequest(method: .put, target: "/values/\(name)", headers: headers, body: Array(body.utf8)))
    }

    func get(_ target: String, _ headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> HTTPResponse {
        response(to: HTTPRequest(method: method, target: target, headers: headers))
    }

    /// The response as the event loop sends it: made here when the service leaves it to a worker.
    func response(to request: HTTPRequest) -> HTTPResponse {
        switch answer(request) {
        case .now(let response): response
        case .later(let work, let afterSend, _):
            // As the loop does: the work, then its after-send step.
            {
                let response = work()
                afterSend?()
                return response
            }()
        case .whenReady(let start):
            // Waited for here, as the loop's inbox would: the handler responds from a thread of its own.
            {
                let done = DispatchSemaphore(value: 0)
                let made = Lock<HTTPResponse?>(nil)
                start { response in
                    made.withLock { $0 = response }
                    done.signal()
                }
                done.wait()
                return made.withLock { $0 }!
            }()
        }
    }
}
