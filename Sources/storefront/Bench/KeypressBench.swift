import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI

/// A keypress as the app handles one: the update for the arrow key, then the whole frame
/// (120x40 unless told). The app is the real one, with its products answered as after launch.
final class KeypressBench {
    let label: String
    /// Between keys where frames are timed beside other work: 200 keys a second, where a held
    /// key repeats about 30 times. The app's thread sleeps between them as it does waiting for
    /// a key; frames drawn back to back would time a thread that never lets go of its core,
    /// which no user makes, and whose share of it is then what is measured.
    static let keyPause: TimeInterval = 0.005
    private(set) var app: App
    private var step = 1

    init(catalog: ProductCatalog, label: String, width: Int = 120, height: Int = 40) throws(CommandFailure) {
        self.label = label
        guard let storefront = catalog.storefronts.first else { throw CommandFailure(.dataError, "\(label): no storefront") }
        app = App(catalog: catalog, storefrontId: storefront.id, userId: "bench", width: width, height: height,
                  timeZone: TimeZone(identifier: "UTC") ?? .current)
        if app.paywall.path.sellsOnlyRequestedProducts {
            let answer = ProductsAnswer.answer(requesting: catalog.products.map(\.id), projectId: catalog.settings.projectId,
                                               catalog: catalog)
            _ = app.update(.store(StoreReport(snapshot: StoreSnapshot(), products: ProductsReply(path: app.paywall.path, outcome: .answered(answer)),
                                              clock: .paused(at: Date()))))
        }
        guard app.paywall.itemCount >= 2 else {
            throw CommandFailure(.dataError, "\(label): fewer than two products on sale in \(storefront.id); nothing to move through")
        }
    }

    /// Hands the app a message as its loop would (a store's report, between frames).
    func take(_ message: Message) {
        _ = app.update(message)
    }

    /// Times `count` presses, each checked to have moved the selection the way it was pressed.
    func timePresses(count: Int) throws(CommandFailure) -> [Double] {
        try timeMoves(count: count, timingUpdate: true) { app.view() }
    }

    /// Moves the selection `count` times, down to the end and back up, timing `frame` after
    /// each move (and the move's update itself when `timingUpdate`), on the wall clock or, with
    /// `onCPU`, on the thread's CPU clock. Every move is checked to have moved the selection,
    /// and every frame to be the app's size. `pause`: a wait before each move, as between a
    /// user's keys, when the app's thread sleeps until the next one (none: frames back to back).
    func timeMoves(count: Int, timingUpdate: Bool, onCPU: Bool = false, pause: TimeInterval? = nil,
                   frame: () -> Frame) throws(CommandFailure) -> [Double] {
        let now = onCPU ? threadCPUNanoseconds : { DispatchTime.now().uptimeNanoseconds }
        var samples: [Double] = []
        for _ in 0..<count {
            if let pause { Thread.sleep(forTimeInterval: pause) }
            let before = app.paywall.selection
            if before == 0 { step = 1 } else if before == app.paywall.itemCount - 1 { step = -1 }
            var start = now()
            _ = app.update(.key(step > 0 ? .down : .up))
            if !timingUpdate { start = now() }
            let drawn = frame()
            samples.append(Double(now() - start) / 1e9)
            // ↓ from a card goes to the shop's first row, past the other cards: moved, not by one.
            let moved = step > 0 ? app.paywall.selection > before : app.paywall.selection < before
            guard moved, drawn.width == app.width, drawn.height == app.height else {
                throw CommandFailure(.ioError, "\(label): a keypress did not move the selection from \(before)")
            }
        }
        return samples
    }
}
