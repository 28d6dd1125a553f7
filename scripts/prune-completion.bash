# bash completion for prune: commands, puzzle kinds (from `prune list`), options
# (solve's, and each kind's own from `prune KIND --help`) and file names.
# Installed as share/bash-completion/completions/prune; in a source tree:
#   source scripts/prune-completion.bash

_prune_kinds() {
    "$1" list 2>/dev/null | awk '{ print $1 }'
}

# The options a kind adds (the "Options of this kind" block of `prune KIND --help`).
_prune_kind_options() {
    "$1" "$2" --help 2>/dev/null | awk '/^Options of this kind/ { on = 1; next } on && /^  -/ { print $1; next } on { on = 0 }'
}

_prune() {
    local cur prev prune_command
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    prune_command=${COMP_WORDS[0]}
    local commands="list solve check smtlib trace fzn xcsp3 generate split merge help --help --version"
    local solve_options="--first --all -n --count --quiet -q -o --json --html --stats --time-limit --memory-limit
        --node-limit --fail-limit --seed --restarts --learn --var --val --alldiff --batch -j --jobs --unique
        -p --threads --cubes --range
        --trace --trace-times --trace-text --trace-limit --profile --explain --help"

    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$commands $(_prune_kinds "$prune_command")" -- "$cur"))
        return
    fi
    local command=${COMP_WORDS[1]}
    case "$command" in
        solve | check | smtlib | split)
            if [ "$COMP_CWORD" -eq 2 ]; then
                local kinds
                kinds=$(_prune_kinds "$prune_command")
                [ "$command" = split ] && kinds="fzn $kinds"  # prune split fzn MODEL.fzn --cubes N
                COMPREPLY=($(compgen -W "$kinds" -- "$cur"))
                return
            fi
            local kind=${COMP_WORDS[2]}
            if [ "$command" = split ] && [ "$kind" = fzn ]; then
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "--cubes -a -f -s --help" -- "$cur"))
                elif [ "$prev" != --cubes ]; then
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
                return
            fi
            case "$prev" in
                --restarts) COMPREPLY=($(compgen -W "none luby geometric" -- "$cur")); return ;;
                --var) COMPREPLY=($(compgen -W "input first-fail domwdeg" -- "$cur")); return ;;
                --val) COMPREPLY=($(compgen -W "min max median split reverse-split random" -- "$cur")); return ;;
                --alldiff) COMPREPLY=($(compgen -W "value bounds domain" -- "$cur")); return ;;
                # --learn [on|off]: the words, or a file next.
                --learn) [[ "$cur" == -* ]] || { COMPREPLY=($(compgen -W "on off" -- "$cur") $(compgen -f -- "$cur")); return; } ;;
                -n | --time-limit | --memory-limit | --node-limit | --fail-limit | --seed | -j | --jobs | -p | --threads | --range | --trace-limit | --explain)
                    return ;;
            esac
            if [[ "$cur" == -* ]]; then
                local options="--help $(_prune_kind_options "$prune_command" "$kind")"
                [ "$command" = solve ] || [ "$command" = split ] && options="$solve_options $options"
                COMPREPLY=($(compgen -W "$options" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
            ;;
        trace)
            if [ "$COMP_CWORD" -eq 2 ]; then
                COMPREPLY=($(compgen -W "view" -- "$cur"))
            elif [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "-o --output" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
            ;;
        generate)
            case "$prev" in
                --difficulty) COMPREPLY=($(compgen -W "easy hard" -- "$cur")); return ;;
                --seed) return ;;
                -o) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            if [ "$COMP_CWORD" -eq 2 ]; then
                COMPREPLY=($(compgen -W "sudoku towers unequal" -- "$cur"))
            elif [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "--seed --difficulty -o --help" -- "$cur"))
            fi
            ;;
        help)
            [ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "$(_prune_kinds "$prune_command")" -- "$cur"))
            ;;
        fzn)
            if [ "$prev" = --learn ] && [[ "$cur" != -* ]]; then
                COMPREPLY=($(compgen -W "on off" -- "$cur") $(compgen -f -- "$cur"))
                return
            fi
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "-a -n -i -f -s -v -p -r -t --memory-limit --node-limit --fail-limit --learn --cubes --range --trace --trace-times --trace-text --trace-limit --profile --explain --help" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
            ;;
        xcsp3)
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "--all --solutions --count --check --time-limit --node-limit --fail-limit --memory-limit --seed --no-restarts --learn --trace --trace-times --trace-text --trace-limit --profile --explain --help" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
            ;;
        *)
            [[ "$cur" == -* ]] && COMPREPLY=($(compgen -W "--help" -- "$cur"))
            ;;
    esac
}

complete -o filenames -o bashdefault -F _prune prune
