"""Native runtime modules (`vmvx`, ...) whose exports VM programs import by name."""
