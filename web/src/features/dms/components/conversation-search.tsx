import { DM_PAGE_TEXTS } from '@studium/protocol';
import { SearchInput } from '../../../components/ui/search-input';

/** 'Search users and groups...' with a clear button. */
export function ConversationSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SearchInput
      value={value}
      onChange={onChange}
      placeholder={DM_PAGE_TEXTS.searchPlaceholder}
      label="Search users and groups"
    />
  );
}
