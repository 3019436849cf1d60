"""The one error the host scoring tool reports for bad input."""


class InputError(Exception):
    """Bad input document.  ``field``: dotted path of the offending field
    (for example ``city[2]`` or ``plays[3][1]``); ``message``: what is wrong."""

    def __init__(self, field, message):
        Exception.__init__(self, "%s: %s" % (field, message))
        self.field = field
        self.message = message
