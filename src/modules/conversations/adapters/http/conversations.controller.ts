import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentDealer } from '../../../../../libs/common/auth/auth.decorators';
import { GetConversationUseCase } from '../../application/get-conversation.use-case';
import { ListConversationsUseCase } from '../../application/list-conversations.use-case';
import { ConversationFamily } from '../../domain/conversation';
import {
  ConversationPageResponse, ConversationResponse, toConversationPageResponse, toConversationResponse,
} from './conversation.response.dto';
import { GetConversationQuery, ListConversationsQuery, toListQuery } from './list-conversations.request.dto';

/** The two families share everything but the path and the debug rule. */
abstract class ConversationReads {
  protected abstract readonly family: ConversationFamily;

  constructor(
    private readonly listConversations: ListConversationsUseCase,
    private readonly getConversation: GetConversationUseCase,
  ) {}

  protected async listPage(dealerId: string, query: ListConversationsQuery): Promise<ConversationPageResponse> {
    return toConversationPageResponse(await this.listConversations.execute(dealerId, toListQuery(query)), this.family);
  }

  protected async readOne(dealerId: string, conversationId: string, query: GetConversationQuery): Promise<ConversationResponse> {
    const detail = await this.getConversation.execute(dealerId, conversationId, { includeMessages: query.includeMessages, family: this.family });
    return toConversationResponse(detail, this.family, detail.messages);
  }
}

@ApiTags('conversations')
@Authenticated('dealer')
@Controller('api/v1/conversation')
export class ConversationsController extends ConversationReads {
  protected readonly family = 'conversations';

  constructor(list: ListConversationsUseCase, get: GetConversationUseCase) {
    super(list, get);
  }

  @Get()
  @ApiOperation({ operationId: 'listConversations', summary: "The dealership's conversations, by last_modified_date (default newest first)" })
  @ApiOkResponse({ type: ConversationPageResponse })
  @ApiBadRequestResponse({ description: 'A parameter out of range or unparsable, or a From after its To' })
  list(@CurrentDealer() dealerId: string, @Query() query: ListConversationsQuery): Promise<ConversationPageResponse> {
    return this.listPage(dealerId, query);
  }

  @Get(':conversationId')
  @ApiOperation({ operationId: 'getConversation', summary: 'One conversation; its messages with includeMessages=true' })
  @ApiOkResponse({ type: ConversationResponse })
  @ApiNotFoundResponse({ description: 'No such conversation for this dealership' })
  get(@CurrentDealer() dealerId: string, @Param('conversationId') conversationId: string, @Query() query: GetConversationQuery): Promise<ConversationResponse> {
    return this.readOne(dealerId, conversationId, query);
  }
}

@ApiTags('chats')
@Authenticated('dealer')
@Controller('api/v1/chats/chats')
export class ChatsController extends ConversationReads {
  protected readonly family = 'chats';

  constructor(list: ListConversationsUseCase, get: GetConversationUseCase) {
    super(list, get);
  }

  @Get()
  @ApiOperation({ operationId: 'listChats', summary: 'Read-only chat listing: as /api/v1/conversation, message_count without debug messages' })
  @ApiOkResponse({ type: ConversationPageResponse })
  @ApiBadRequestResponse({ description: 'A parameter out of range or unparsable, or a From after its To' })
  list(@CurrentDealer() dealerId: string, @Query() query: ListConversationsQuery): Promise<ConversationPageResponse> {
    return this.listPage(dealerId, query);
  }

  @Get(':conversationId')
  @ApiOperation({ operationId: 'getChat', summary: 'One chat conversation; with includeMessages=true its messages except debug ones' })
  @ApiOkResponse({ type: ConversationResponse })
  @ApiNotFoundResponse({ description: 'No such conversation for this dealership' })
  get(@CurrentDealer() dealerId: string, @Param('conversationId') conversationId: string, @Query() query: GetConversationQuery): Promise<ConversationResponse> {
    return this.readOne(dealerId, conversationId, query);
  }
}
