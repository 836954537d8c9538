"""Drawing for the window, with no scene in it: the palette, the assets (fonts, text), the
camera and the board's layout, the printed board and its tracks, the units' shapes and
the pieces' chips, the map with its pieces, the side panels, the cards over the map and
the menus' backdrop."""
