import { Button, HStack, Input } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { LuSearch } from "react-icons/lu";

/**
 * The landing page's first search box, in the hero: on a phone the price tables' own search is
 * screens further down. It opens /tlds filtered by what was typed; before the page is
 * interactive the form's plain GET does the same.
 */
export function HeroSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim().replace(/^\./, "").slice(0, 100);
    void navigate({ to: "/tlds", search: search ? { search } : {} });
  };
  return (
    <form action="/tlds" method="get" role="search" aria-label="Find a TLD's prices" onSubmit={submit} style={{ width: "100%", maxWidth: "32rem" }}>
      <HStack gap="2">
        <Input
          type="search" name="search" value={text} onChange={(e) => setText(e.target.value)} size="lg" bg="bg"
          placeholder="Search TLDs... (.com, io, co.uk)" aria-label="Search TLDs" autoComplete="off" autoCapitalize="none" spellCheck={false}
        />
        <Button type="submit" size="lg" variant="outline" bg="bg" aria-label="Search">
          <LuSearch aria-hidden />
        </Button>
      </HStack>
    </form>
  );
}
