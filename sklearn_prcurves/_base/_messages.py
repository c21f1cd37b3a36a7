"""An input error, and the options its message names, worded for the face that shows it.

A message that names an option carries a mark (:func:`option`); the command line shows
it as its flag (``--pos-label yes``) and ``report()`` as its keyword
(``pos_label='yes'``): one message serves both, whichever engine raised it.
"""

import ast
import re
import shlex

__all__ = ["InputError", "option", "review_bound_refused", "worded"]



# An option a message names, marked so that each front words it (the command line's
# --name VALUE, report()'s name=VALUE): one message serves both.
_OPTION = re.compile("\x1f(\\w+)(?:=(.*?))?\x1f", re.DOTALL)


def option(name, *value):
    """The option ``name`` (report()'s keyword), with ``value`` if given, as a message
    names it: :func:`worded` spells it for the front that shows the message."""
    # (NumPy's scalars as Python's: the mark is read back with literal_eval)
    value = [v.item() if hasattr(v, "item") else v for v in value]
    return f"\x1f{name}{'=' + repr(value[0]) if value else ''}\x1f"


def worded(message, python=False):
    """``message`` with its :func:`option` marks spelled as the command line's options
    (``--pos-label yes``) or, with ``python``, as report()'s keywords
    (``pos_label='yes'``)."""
    return _OPTION.sub(lambda mark: _word(mark[1], mark[2], python), message)


# report()'s keywords the command line spells otherwise
_FLAGS = {"groups": "--cluster"}


def _word(name, value, python):
    flag = _FLAGS.get(name, "--" + name.replace("_", "-"))
    if value is None:
        return name if python else flag
    value = ast.literal_eval(value)
    if python:
        shown = ("(" + ", ".join(f"{v:g}" for v in value) + ")" if isinstance(value, tuple)
                 else repr(value))
        return f"{name}={shown}"
    if isinstance(value, bool):
        return flag if value else "--no-" + flag[2:]
    if isinstance(value, tuple):
        return f"{flag} {','.join(f'{v:g}' for v in value)}"
    return f"{flag} {shlex.quote(str(value))}"


class InputError(ValueError):
    """A problem with the user's input, reported in one line (from Python: a
    ValueError). Options in its message are :func:`option` marks: ``str()`` words
    them as the command line does, :meth:`in_python` as report()'s keywords."""

    def __str__(self):
        return worded(str(self.args[0]) if self.args else "")

    def in_python(self):
        return worded(str(self.args[0]) if self.args else "", python=True)


def review_bound_refused(name):
    """Why a review band's bound on the share reviewed is refused with the option
    ``name`` (``"prevalence"`` or ``"groups"``): the scan bound behind it counts
    independent rows in their own mix of classes."""
    why = {"prevalence": "the rows' own mix of classes", "groups": "independent rows"}[name]
    return (f"the share reviewed cannot be certified with {option(name)} given: its bound "
            f"holds for {why}. Certify the band's precision and negative predictive value "
            "alone and read its share reviewed, or give rows drawn as the deployment "
            "draws them.")
