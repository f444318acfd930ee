import { Input, InputGroup } from "@chakra-ui/react";
import { LuSearch } from "react-icons/lu";

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
}

/** A search box that filters as you type (the lists it filters are already in the page). */
export function SearchField({ value, onChange, label, placeholder }: SearchFieldProps) {
  return (
    <InputGroup startElement={<LuSearch aria-hidden />} flex="1" minW={{ base: "full", sm: "64" }}>
      <Input type="search" value={value} aria-label={label} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </InputGroup>
  );
}
