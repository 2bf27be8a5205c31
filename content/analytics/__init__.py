"""Analytics: daily rollups, the ranking, periods and seasons, series and charts."""
