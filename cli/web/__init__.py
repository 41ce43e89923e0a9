"""The web board of `hunt serve`: the app, a game in the browser, the page's script."""
