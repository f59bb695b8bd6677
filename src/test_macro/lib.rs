//! `#[test]` for the unit tests of the bot's and the engines' crates, brought into every module of
//! each library by `#[macro_use] extern crate farmhand_test_macro;` (src/lib.rs,
//! src/games/mod.rs), where it shadows the built-in.
//!
//! A library's unit tests are compiled into the library itself when its `unit-tests` feature is
//! on (only the tests turn it on), not into a second, test-harness build of the whole crate:
//! src/games/unit.rs says why. The built-in `#[test]` drops its function outside a `--test`
//! build, so this one keeps the function and registers it (`inventory`) with
//! `farmhand_games::unit`, whose runners (tests/unit.rs, src/games/tests/unit.rs) run every
//! registered test the way libtest would (names, filters, `--ignored`, `--list`).
//!
//! What it reads, of the function it is put on:
//! - `async fn`: run to completion on a current-thread tokio runtime (as `#[tokio::test]`);
//! - `#[should_panic]`, `#[should_panic(expected = "...")]`: passes only if the test panics (with
//!   a message containing the text);
//! - `#[ignore]`, `#[ignore = "why"]`: listed, run only with `--ignored` or `--include-ignored`.
//!
//! No dependencies (no `syn`): it walks the tokens, which keeps the test build's proc-macro
//! stage short.

use proc_macro::{Delimiter, TokenStream, TokenTree};

#[proc_macro_attribute]
pub fn test(attr: TokenStream, item: TokenStream) -> TokenStream {
    if !attr.is_empty() {
        return error("#[test] takes no arguments");
    }
    let tokens: Vec<TokenTree> = item.into_iter().collect();
    let mut kept = TokenStream::new();
    let mut should_panic: Option<String> = None;
    let mut ignore = false;
    let mut i = 0;
    // The outer attributes: `#` then a bracketed group.
    while i + 1 < tokens.len() {
        let (TokenTree::Punct(p), TokenTree::Group(g)) = (&tokens[i], &tokens[i + 1]) else {
            break;
        };
        if p.as_char() != '#' || g.delimiter() != Delimiter::Bracket {
            break;
        }
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        match inner.first() {
            Some(TokenTree::Ident(id)) if id.to_string() == "should_panic" => {
                should_panic = Some(expected(&inner[1..]).unwrap_or_default());
            }
            Some(TokenTree::Ident(id)) if id.to_string() == "ignore" => ignore = true,
            _ => kept.extend([tokens[i].clone(), tokens[i + 1].clone()]),
        }
        i += 2;
    }
    // The qualifiers, then `fn` and the name.
    let mut is_async = false;
    let mut name = None;
    let mut j = i;
    while j < tokens.len() {
        if let TokenTree::Ident(id) = &tokens[j] {
            match id.to_string().as_str() {
                "async" => is_async = true,
                "fn" => {
                    if let Some(TokenTree::Ident(n)) = tokens.get(j + 1) {
                        name = Some(n.to_string());
                    }
                    break;
                }
                _ => {}
            }
        }
        j += 1;
    }
    let Some(name) = name else {
        return error("#[test] goes on a function");
    };
    kept.extend(tokens[i..].iter().cloned());
    let run = if is_async {
        format!("::farmhand_games::unit::Run::Async(|| ::std::boxed::Box::pin({name}()))")
    } else {
        format!("::farmhand_games::unit::Run::Sync({name})")
    };
    let should_panic = match should_panic {
        Some(text) => format!("::core::option::Option::Some({text:?})"),
        None => "::core::option::Option::None".to_string(),
    };
    let registration = format!(
        "::farmhand_games::unit::submit! {{ ::farmhand_games::unit::UnitTest {{ \
            module: ::core::module_path!(), name: {name:?}, run: {run}, \
            should_panic: {should_panic}, ignore: {ignore} }} }}"
    );
    match registration.parse::<TokenStream>() {
        Ok(r) => {
            kept.extend(r);
            kept
        }
        Err(e) => error(&format!("#[test]: {e}")),
    }
}

/// The text of `(expected = "...")`, if the attribute has one.
fn expected(rest: &[TokenTree]) -> Option<String> {
    let TokenTree::Group(g) = rest.first()? else {
        return None;
    };
    let args: Vec<TokenTree> = g.stream().into_iter().collect();
    match args.as_slice() {
        [
            TokenTree::Ident(k),
            TokenTree::Punct(eq),
            TokenTree::Literal(lit),
        ] if k.to_string() == "expected" && eq.as_char() == '=' => unquote(&lit.to_string()),
        _ => None,
    }
}

/// A plain string literal's text (the tests' expected messages have no escapes but `\"`).
fn unquote(lit: &str) -> Option<String> {
    let body = lit.strip_prefix('"')?.strip_suffix('"')?;
    Some(body.replace("\\\"", "\"").replace("\\\\", "\\"))
}

fn error(message: &str) -> TokenStream {
    format!("::core::compile_error!({message:?});")
        .parse()
        .unwrap_or_default()
}
