import { Body, Controller, Get, HttpCode, Module, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { DataSource } from 'typeorm';
import { Authenticated } from '../../libs/common/auth/auth.decorators';
import { Consumes } from '../../libs/common/http/consumes';

class EchoRequest {
  @IsString() @MinLength(1) name!: string;
  @IsInt() @Min(1) @Max(10) count!: number;
}

/**
 * Test-only routes that exercise the shared HTTP pipeline (validation, error filter, content
 * types, database failures) before any bounded context offers such a route of its own.
 */
@Authenticated('dealer')
@Controller('api/v1/_probe')
class ProbeController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: EchoRequest): EchoRequest {
    return body;
  }

  @Put('upload')
  @Consumes('multipart/form-data')
  @UseInterceptors(FileInterceptor('File', { limits: { fileSize: 1024 } }))
  upload(@UploadedFile() file: Express.Multer.File | undefined): { size: number } {
    return { size: file?.size ?? 0 };
  }

  @Get('boom')
  boom(): never {
    throw new Error('secret internal detail at /srv/app/boom.ts:42');
  }

  @Get('db')
  async db(): Promise<unknown> {
    return this.dataSource.query('SELECT 1 AS one');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
