"""The window's widgets, shared by the scenes: buttons, boxes (panels, cards), tooltips,
text entry, the picker that turns the engine's legal choices into clicks, and the menu
form that the menus are made of."""
