/// Where a sheet goes over the screen: centred at the size it asks for, with at least two
/// columns and two rows of the screen showing around it. Where that does not fit, it takes the
/// screen between the status bar and the bottom line edge to edge, so its border covers the
/// borders of the boxes beneath instead of sitting beside them as doubled corners (`╭╭`).
enum SheetBox {
    static func fit(width: Int, height: Int, in screen: Rect) -> Rect {
        let body = Rect(x: screen.x, y: screen.y + 1, width: screen.width, height: max(0, screen.height - 2))
        let wide = !hasItsWidth(width, in: screen)
        let tall = height > body.height - 2
        let fitted = Rect(x: 0, y: 0, width: wide ? body.width : width, height: tall ? body.height : height)
        let centred = screen.centered(width: fitted.width, height: fitted.height)
        return Rect(x: wide ? body.x : centred.x, y: tall ? body.y : centred.y, width: fitted.width, height: fitted.height)
    }

    /// Whether a sheet asked `width` columns wide has them on this screen.
    static func hasItsWidth(_ width: Int, in screen: Rect) -> Bool { width <= screen.width - 4 }
}
