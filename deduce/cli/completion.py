"""``deduce completion bash|zsh``: a shell completion script generated from the parser, so it
knows every command and option (with the families, levels, forms and examples as values)."""

from __future__ import annotations

import argparse
import re
import shlex

import attrs

from deduce.cli.status import EXIT_OK

#: Arguments whose value is a file or folder name.
FILES = {"input", "html", "svg", "output", "progress"}


@attrs.frozen
class Option:
    """One option of a command: its spellings, help, and the words it takes (None: a flag;
    empty: a word of the user's own, such as a number; ``files``: a file name)."""

    names: tuple[str, ...]
    help: str
    values: tuple[str, ...] | None
    files: bool = False


@attrs.frozen
class Command:
    """One subcommand: its help, options, and its positional argument (an Option without
    names; None when it takes none)."""

    name: str
    help: str
    options: tuple[Option, ...]
    positional: Option | None


def commands(parser: argparse.ArgumentParser) -> list[Command]:
    """The subcommands of ``parser`` with their options, in the order they were added."""
    from deduce.cli.example import example_names
    from deduce.registry import family_names, get_family

    names = family_names()
    families = [get_family(name) for name in names]
    known = {
        "family": tuple(names),
        "family_name": tuple(names),
        "difficulty": tuple(dict.fromkeys(lv for f in families for lv in f.levels)),
        "to": tuple(dict.fromkeys(form.name for f in families for form in f.forms)),
        "output_format": tuple(dict.fromkeys(form.name for f in families for form in f.forms)),
        "example": tuple(example_names()),
        "name": tuple(example_names()),
    }
    found = []
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {choice.dest: choice.help or "" for choice in sub._choices_actions}
    for name, command in sub.choices.items():
        options, positional = [], None
        for action in command._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            values: tuple[str, ...] | None
            if action.choices is not None:
                values = tuple(str(c) for c in action.choices)
            else:
                values = known.get(action.dest, ())
            option = Option(
                tuple(action.option_strings),
                action.help or "",
                None if action.nargs == 0 else values,
                action.dest in FILES,
            )
            if action.option_strings:
                options.append(option)
            else:
                positional = option
        found.append(Command(name, helps.get(name, ""), tuple(options), positional))
    return found


def bash(parser: argparse.ArgumentParser) -> str:
    """A bash completion script for ``deduce`` (``eval "$(deduce completion bash)"``)."""
    cmds = commands(parser)
    lines = [
        "# bash completion for deduce, made by `deduce completion bash`",
        "_deduce() {",
        '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
        '    local cmd="" i',
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        '        case "${COMP_WORDS[i]}" in -*) ;; *) cmd="${COMP_WORDS[i]}"; break ;; esac',
        "    done",
        '    if [[ -z "$cmd" ]]; then',
        f'        COMPREPLY=($(compgen -W "{" ".join(c.name for c in cmds)} --help --version"'
        ' -- "$cur"))',
        "        return",
        "    fi",
        '    case "$cmd" in',
    ]
    for cmd in cmds:
        lines.append(f"    {cmd.name})")
        lines.append('        case "$prev" in')
        for option in cmd.options:
            if option.values is not None:
                reply = _bash_reply(option)
                lines.append(f"            {'|'.join(option.names)}) {reply}; return ;;")
        lines.append("        esac")
        flags = " ".join(n for o in cmd.options for n in o.names) + " --help"
        lines.append('        if [[ "$cur" == -* ]]; then')
        lines.append(f'            COMPREPLY=($(compgen -W "{flags}" -- "$cur"))')
        if cmd.positional is not None:
            lines.append("        else")
            lines.append(f"            {_bash_reply(cmd.positional)}")
        lines.append("        fi")
        lines.append("        ;;")
    lines += ["    esac", "}", "complete -o filenames -F _deduce deduce", ""]
    return "\n".join(lines)


def _bash_reply(option: Option) -> str:
    if option.files:
        return 'COMPREPLY=($(compgen -f -- "$cur"))'
    words = " ".join(shlex.quote(v) for v in option.values or ())
    return f'COMPREPLY=($(compgen -W "{words}" -- "$cur"))'


def _zsh_text(text: str) -> str:
    """Help text safe inside a zsh ``_arguments`` spec (no brackets, colons or quotes)."""
    text = re.sub(r"[\[\]]", "", text).replace(":", ",").replace("'", "")
    return text.replace("\\", "").replace("`", "")


def _zsh_action(option: Option) -> str:
    if option.files:
        return "file:_files"
    if not option.values:
        return "value: "  # a word of the user's own: nothing to offer
    return f"value:({' '.join(option.values)})"


def zsh(parser: argparse.ArgumentParser) -> str:
    """A zsh completion script for ``deduce`` (save as ``_deduce`` on ``$fpath``, or
    ``source <(deduce completion zsh)``)."""
    cmds = commands(parser)
    lines = ["#compdef deduce", "# zsh completion for deduce, made by `deduce completion zsh`", ""]
    for cmd in cmds:
        specs = []
        for option in cmd.options:
            about = _zsh_text(option.help)
            names = "{" + ",".join(option.names) + "}" if len(option.names) > 1 else option.names[0]
            spec = f"'{names}[{about}]"
            specs.append(spec + ("'" if option.values is None else f":{_zsh_action(option)}'"))
        if cmd.positional is not None:
            specs.append(f"'1:{_zsh_action(cmd.positional)}'")
        lines.append(f"_deduce_{cmd.name.replace('-', '_')}() {{")
        lines.append("    _arguments -s " + " \\\n        ".join(specs))
        lines.append("}")
        lines.append("")
    described = " ".join(f"'{c.name}:{_zsh_text(c.help)}'" for c in cmds)
    lines += [
        "_deduce() {",
        "    local line state",
        "    _arguments -C '--version[print the version and exit]' '1: :->command' '*:: :->args'",
        '    case "$state" in',
        f"        command) local -a cmds; cmds=({described}); _describe command cmds ;;",
        "        args) (( $+functions[_deduce_$line[1]] )) && _deduce_$line[1] ;;",
        "    esac",
        "}",
        "",
        'if [[ "$funcstack[1]" = "_deduce" ]]; then _deduce "$@"; else compdef _deduce deduce; fi',
        "",
    ]
    return "\n".join(lines)


def cmd_completion(args: argparse.Namespace) -> int:
    """Print the completion script for the shell named."""
    from deduce.cli import build_parser

    parser = build_parser()
    print(bash(parser) if args.shell == "bash" else zsh(parser), end="")
    return EXIT_OK
